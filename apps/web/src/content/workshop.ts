/**
 * SAMPLE CONTENT — the workshop page's fixed texts around the content sellers
 * edit: section titles and introductions, the two deep dives, and what the
 * certificate section says.
 *
 * The instructor, the testimonials, the course outline and the certificate
 * image are not here: sellers edit them in the back office (/seller/content),
 * they live in the database, and a fresh database starts from the sample in
 * `catalog/content.json`. The facts the product specification fixes (15 live
 * sessions of 2 hours in Pacific Time, downloadable recordings, a digital
 * certificate, guidance on reading the standard, sniffer-capture analysis,
 * the audience, no prerequisite) must stay true when the copy is rewritten.
 */

export const workshopContent = {
  /**
   * The product priced for visitors who are not signed in (the list of
   * batches needs a sign-in, prices do not). Signed in, the first workshop of
   * the availability list is used instead.
   */
  defaultProductSku: 'WIFI7-LIVE',

  outline: {
    title: 'Course outline',
    intro:
      'Fifteen live sessions of two hours each, in Pacific Time. Each session ends with questions, and every recording is yours to download.',
  },

  deepDives: {
    standard: {
      title: 'Read the standard with confidence',
      text: 'The 802.11 standard runs to thousands of pages. You learn how it is organised and how to trace a feature from its frame format to its rules, so you can answer your own questions after the workshop.',
      points: [
        'Where each Wi-Fi 7 feature lives in the clauses',
        'How to read element tables and bit fields',
        'Checking a device against the normative text',
      ],
      /** The route through the standard practised in the workshop, shown as steps. */
      readingPath: [
        { step: 'Overview', text: 'Start from the feature’s overview subclause' },
        { step: 'Formats', text: 'Find its frames and elements in Clause 9' },
        { step: 'Behaviour', text: 'Follow the normative rules, “shall” by “shall”' },
        { step: 'Conformance', text: 'Check the PICS in Annex B' },
      ],
    },
    captures: {
      title: 'Learn from real sniffer captures',
      text: 'Theory becomes concrete over the air. Together we open captures of Wi-Fi 7 traffic and read what every frame says, the way you will debug your own products.',
      points: [
        'Multi-link discovery and association',
        'Block acknowledgement across links',
        'Spotting a mis-configured link in minutes',
      ],
      /** A few lines of a capture, shown as an illustration. */
      sampleFrames: [
        { no: 112, source: 'AP-MLD link 1', info: 'Beacon, Basic Multi-Link element' },
        { no: 118, source: 'Laptop', info: 'Association Request, 2 links requested' },
        { no: 119, source: 'AP-MLD link 1', info: 'Association Response, links 1+2 accepted' },
        { no: 131, source: 'AP-MLD link 2', info: 'QoS Data, EHT MU PPDU, 320 MHz' },
        { no: 132, source: 'Laptop', info: 'Block Ack, across links' },
      ],
    },
  },

  certificate: {
    title: 'A certificate for your profile',
    text: 'Complete the workshop and you receive a digital certificate in your name, ready to add to your profile or share with your manager.',
    points: [
      'Issued digitally on completion',
      'Shows the workshop, its 30 hours and the dates you attended',
    ],
  },

  testimonials: {
    title: 'What past attendees say',
    /** How many cards show before "Show all". */
    initiallyShown: 6,
  },
} as const;
