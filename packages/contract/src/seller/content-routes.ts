/** Where the workshop page's content is read and edited (content.ts has its schemas). */

/** The public page reads the content here, and the server embeds it in index.html. */
export const contentApiRoutes = {
  workshopContent: '/api/content/workshop',
  image: '/api/images/:id',
} as const;

export const sellerContentApiRoutes = {
  content: '/api/seller/content',
  /** One section, replaced whole: PUT with the version the seller edited. */
  instructor: '/api/seller/content/instructor',
  testimonials: '/api/seller/content/testimonials',
  outline: '/api/seller/content/outline',
  certificate: '/api/seller/content/certificate',
  /** POST the image's bytes as the body; its type is read from the bytes. */
  images: '/api/seller/images',
} as const;
