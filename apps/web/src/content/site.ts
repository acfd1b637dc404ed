/**
 * SAMPLE CONTENT — brand and marketing text shown across the site.
 *
 * Everything here is placeholder copy to be replaced by the company's real
 * wording before launch; the facts about the workshop follow the product
 * specification (section 1). Nothing else in the code hard-codes these texts.
 */
export const site = {
  companyName: 'Northwind Wireless Academy',
  /** Short form for narrow screens. */
  companyShortName: 'Northwind',
  productTitle: 'Wi-Fi 7 Workshop',
  /** Where buyers write when a payment or an order needs a person. */
  contactEmail: 'workshops@northwind-wireless.example',
  tagline: 'A live, instructor-led deep dive into IEEE 802.11be for engineers who build Wi-Fi.',
  workshop: {
    sessions: 15,
    sessionHours: 2,
    timezone: 'Pacific Time',
    audience: 'For people who architect, develop or test Wi-Fi products.',
    prerequisite: 'No prerequisite',
    highlights: [
      {
        title: 'Downloadable recordings',
        text: 'Every session is recorded, so you can download it and revisit any topic later.',
      },
      {
        title: 'Digital certificate',
        text: 'Receive a digital certificate when you complete the workshop.',
      },
      {
        title: 'Reading the standard',
        text: 'Guidance on finding your way through the 802.11 standard and reading it with confidence.',
      },
      {
        title: 'Sniffer-capture analysis',
        text: 'Walk through real over-the-air captures and learn what each frame tells you.',
      },
    ],
  },
} as const;
