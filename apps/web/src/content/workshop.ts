/**
 * SAMPLE CONTENT — the workshop page's course outline, instructor, certificate
 * and testimonials.
 *
 * Everything here is placeholder copy to be replaced before launch: the
 * instructor, the attendees and their quotes are invented, and every profile
 * link points at the reserved `.example` domain. The facts the product
 * specification fixes (15 live sessions of 2 hours in Pacific Time,
 * downloadable recordings, a digital certificate, guidance on reading the
 * standard, sniffer-capture analysis, the audience, no prerequisite) must stay
 * true when the copy is rewritten.
 *
 * To edit: change the texts below. Images live in `apps/web/public/images/`;
 * keep each image's width and height here in step with the file, so the page
 * reserves the right space while it loads.
 */

export interface Session {
  title: string;
  topics: readonly string[];
}

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  quote: string;
  /** Public profile of the attendee (sample links use the reserved `.example` domain). */
  profileUrl: string;
}

export interface ContentImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

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
    sessions: [
      {
        title: 'Wi-Fi 7 at a glance',
        topics: [
          'Goals of IEEE 802.11be (Extremely High Throughput)',
          'What changed since Wi-Fi 6 and 6E, and why',
          'Where the standard, the certification and real products stand',
        ],
      },
      {
        title: 'The EHT PHY',
        topics: [
          'EHT MU and EHT TB PPDU formats',
          'U-SIG and EHT-SIG: what each field tells the receiver',
          'Pilots, guard intervals and LTF options',
        ],
      },
      {
        title: '320 MHz channels in 6 GHz',
        topics: [
          'Channelization: 320-1 and 320-2',
          'Regulatory limits and power classes',
          'Coexistence with 20 to 160 MHz neighbours',
        ],
      },
      {
        title: '4096-QAM',
        topics: [
          'MCS 12 and 13 and their EVM requirements',
          'When 4K-QAM pays off, and when it does not',
          'Measuring it on the bench',
        ],
      },
      {
        title: 'Preamble puncturing',
        topics: [
          'Static and dynamic puncturing',
          'Puncturing patterns and how they are signalled',
          'Keeping wide channels usable next to incumbents',
        ],
      },
      {
        title: 'Multi-RU',
        topics: [
          'Small and large MRUs and the allowed combinations',
          'Scheduling multiple resource units to one station',
          'Trigger frames with EHT user info',
        ],
      },
      {
        title: 'Multi-Link Operation: architecture',
        topics: [
          'Multi-link devices, affiliated APs and stations',
          'MLD addresses and link identifiers',
          'Multi-link discovery, probing and association',
        ],
      },
      {
        title: 'Multi-Link Operation: modes',
        topics: ['STR and NSTR link pairs', 'EMLSR and EMLMR in practice', 'TID-to-link mapping'],
      },
      {
        title: 'Multi-Link Operation: data path',
        topics: [
          'Sequence numbers and block acknowledgement across links',
          'Retransmission on another link',
          'Link reconfiguration and power save',
        ],
      },
      {
        title: 'MAC enhancements',
        topics: [
          'EHT Capabilities and EHT Operation elements',
          'Restricted TWT for latency-sensitive traffic',
          'Triggered TXOP sharing',
        ],
      },
      {
        title: 'MU-MIMO and OFDMA in EHT',
        topics: [
          'Spatial streams and MU-MIMO groups in EHT',
          'Sounding and feedback for wide channels',
          'Uplink and downlink scheduling trade-offs',
        ],
      },
      {
        title: 'Security for Wi-Fi 7',
        topics: [
          'What WPA3 requires of Wi-Fi 7 devices',
          'Keys for a multi-link device: PTK per MLD, group keys per link',
          'Beacon protection',
        ],
      },
      {
        title: 'Reading the 802.11be standard',
        topics: [
          'How the clauses, annexes and amendments fit together',
          'Following a feature from its element to its behaviour',
          'Reading state machines and PICS tables',
        ],
      },
      {
        title: 'Sniffer captures: discovery and association',
        topics: [
          'Capturing 6 GHz and 320 MHz traffic; radiotap fields',
          'Decoding beacons with Basic Multi-Link elements',
          'Troubleshooting a multi-link association step by step',
        ],
      },
      {
        title: 'Sniffer captures: data, testing and what is next',
        topics: [
          'Block Ack, EMLSR transitions and throughput in captures',
          'A test plan for a Wi-Fi 7 product',
          'A look ahead to 802.11bn (Ultra High Reliability)',
        ],
      },
    ] satisfies Session[],
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
    image: {
      src: '/images/certificate-sample.svg',
      alt: 'Sample certificate of completion for the Wi-Fi 7 workshop, with the attendee name, 30 hours of live instruction and the instructor signature',
      width: 1200,
      height: 850,
    } satisfies ContentImage,
  },

  instructor: {
    name: 'Dr. Maya Raghunathan',
    title: 'Principal Wi-Fi Systems Architect',
    photo: {
      src: '/images/instructor-placeholder.svg',
      alt: 'Portrait of Dr. Maya Raghunathan',
      width: 320,
      height: 320,
    } satisfies ContentImage,
    bio: [
      'Maya has designed Wi-Fi chipsets and access points for nearly twenty years, from 802.11n to 802.11be. She has led PHY and MAC teams, brought products through certification, and debugged more sniffer captures than she can count.',
      'She has taught Wi-Fi to engineering teams around the world and is known for making the standard readable without skipping the details.',
    ],
    facts: [
      '19 years in WLAN design and testing',
      'Over 2,000 engineers trained',
      'Follows the 802.11 working group closely',
    ],
    profileUrl: 'https://linkedin.example/in/maya-raghunathan-sample',
  },

  testimonials: {
    title: 'What past attendees say',
    /** How many cards show before "Show all". */
    initiallyShown: 6,
    items: [
      {
        name: 'Priya Raman',
        role: 'Firmware Engineer',
        company: 'Sample Networks',
        quote:
          'The MLO sessions finally made link setup click for me. I fixed an association bug the week after.',
        profileUrl: 'https://linkedin.example/in/priya-raman-sample',
      },
      {
        name: 'Daniel Okafor',
        role: 'Test Lead',
        company: 'Example Devices',
        quote:
          'Walking through real captures was worth the fee on its own. My team now reads traces the same way.',
        profileUrl: 'https://linkedin.example/in/daniel-okafor-sample',
      },
      {
        name: 'Mei Lin Chen',
        role: 'Wireless Systems Architect',
        company: 'Placeholder Labs',
        quote:
          'Clear, deep and honest about what the standard leaves open. The best Wi-Fi training I have taken.',
        profileUrl: 'https://linkedin.example/in/mei-lin-chen-sample',
      },
      {
        name: 'Lukas Brandt',
        role: 'Senior RF Engineer',
        company: 'Sample Radio',
        quote:
          'The 320 MHz and puncturing sessions answered questions our vendor could not. Excellent pacing.',
        profileUrl: 'https://linkedin.example/in/lukas-brandt-sample',
      },
      {
        name: 'Aisha Siddiqui',
        role: 'QA Engineer',
        company: 'Example Wireless',
        quote:
          'I came in without a Wi-Fi background and never felt lost. The recordings helped me review every topic.',
        profileUrl: 'https://linkedin.example/in/aisha-siddiqui-sample',
      },
      {
        name: 'Carlos Mendes',
        role: 'Product Manager',
        company: 'Sample Broadband',
        quote:
          'I now understand what our engineers talk about and can plan Wi-Fi 7 features with real confidence.',
        profileUrl: 'https://linkedin.example/in/carlos-mendes-sample',
      },
      {
        name: 'Hannah Schmidt',
        role: 'Driver Developer',
        company: 'Placeholder Semiconductors',
        quote:
          'The EMLSR deep dive saved us weeks. Knowing where to look in the standard is a skill I use daily.',
        profileUrl: 'https://linkedin.example/in/hannah-schmidt-sample',
      },
      {
        name: 'Rahul Verma',
        role: 'Embedded Software Engineer',
        company: 'Example Systems',
        quote:
          'Live sessions with real questions from real products. Far better than a video course.',
        profileUrl: 'https://linkedin.example/in/rahul-verma-sample',
      },
      {
        name: 'Sofia Rossi',
        role: 'Validation Engineer',
        company: 'Sample Connectivity',
        quote:
          'The test-plan session gave me a checklist I took straight into our Wi-Fi 7 certification run.',
        profileUrl: 'https://linkedin.example/in/sofia-rossi-sample',
      },
      {
        name: 'Kenji Watanabe',
        role: 'PHY Designer',
        company: 'Placeholder Silicon',
        quote:
          'Precise on the PHY details, from U-SIG to 4K-QAM EVM, and always tied back to the standard text.',
        profileUrl: 'https://linkedin.example/in/kenji-watanabe-sample',
      },
      {
        name: 'Olivia Bennett',
        role: 'Network Architect',
        company: 'Example Campus IT',
        quote:
          'I design enterprise networks, and this gave me the depth to judge Wi-Fi 7 gear beyond the data sheet.',
        profileUrl: 'https://linkedin.example/in/olivia-bennett-sample',
      },
      {
        name: 'Tomás García',
        role: 'Support Engineer',
        company: 'Sample Access',
        quote:
          'Our escalations got faster: I can read a capture and tell a client problem from an AP problem.',
        profileUrl: 'https://linkedin.example/in/tomas-garcia-sample',
      },
      {
        name: 'Ananya Iyer',
        role: 'Graduate Engineer',
        company: 'Placeholder Wireless',
        quote:
          'No prerequisite really meant none. I started from zero and finished with a solid mental model.',
        profileUrl: 'https://linkedin.example/in/ananya-iyer-sample',
      },
      {
        name: 'Michael Novak',
        role: 'Staff Engineer',
        company: 'Example Routers',
        quote:
          'The multi-link data path session was the clearest explanation of block ack across links I have seen.',
        profileUrl: 'https://linkedin.example/in/michael-novak-sample',
      },
      {
        name: 'Fatima Al-Hassan',
        role: 'Test Automation Engineer',
        company: 'Sample Test Systems',
        quote:
          'Great mix of theory and practice. I automated three new checks from what I learned in the capture labs.',
        profileUrl: 'https://linkedin.example/in/fatima-al-hassan-sample',
      },
      {
        name: 'Jonas Lindqvist',
        role: 'Software Architect',
        company: 'Placeholder IoT',
        quote:
          'Well organised, with time for questions in every session. The outline keeps its promises.',
        profileUrl: 'https://linkedin.example/in/jonas-lindqvist-sample',
      },
      {
        name: 'Grace Park',
        role: 'Hardware Engineer',
        company: 'Example Mesh',
        quote:
          'The instructor explains trade-offs, not just features. That is what I needed for our next design.',
        profileUrl: 'https://linkedin.example/in/grace-park-sample',
      },
      {
        name: 'Vikram Nair',
        role: 'Engineering Manager',
        company: 'Sample Chipsets',
        quote:
          'I sent my whole team after attending myself. We now share one vocabulary for Wi-Fi 7.',
        profileUrl: 'https://linkedin.example/in/vikram-nair-sample',
      },
      {
        name: 'Elena Popescu',
        role: 'Protocol Engineer',
        company: 'Placeholder Networks',
        quote:
          'Restricted TWT and TXOP sharing were explained with examples I could reproduce in our lab.',
        profileUrl: 'https://linkedin.example/in/elena-popescu-sample',
      },
      {
        name: 'Samuel Mensah',
        role: 'Field Applications Engineer',
        company: 'Example Semiconductor',
        quote:
          'Customers ask me hard Wi-Fi 7 questions every day. This workshop gave me the answers and the references.',
        profileUrl: 'https://linkedin.example/in/samuel-mensah-sample',
      },
      {
        name: 'Chloé Martin',
        role: 'Systems Engineer',
        company: 'Sample Wireless Group',
        quote:
          'The reading-the-standard session alone changed how I work. I no longer fear a 5,000-page PDF.',
        profileUrl: 'https://linkedin.example/in/chloe-martin-sample',
      },
      {
        name: 'Arjun Mehta',
        role: 'Performance Engineer',
        company: 'Placeholder Access Points',
        quote:
          'Finally understood why our throughput numbers looked the way they did. Worth every hour.',
        profileUrl: 'https://linkedin.example/in/arjun-mehta-sample',
      },
    ] satisfies Testimonial[],
  },
} as const;
