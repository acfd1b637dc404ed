/** Made with zod/mini: every page reads the configuration before it starts. */
import { z } from 'zod/mini';

/**
 * Settings the browser needs, chosen per deployment. The server embeds them
 * in the HTML page it serves (and answers them at /api/public-config), so one
 * build of the web app runs in every environment. Nothing secret belongs here.
 */
export const publicConfigSchema = z.object({
  /** Server base URL for API calls; empty when the API shares the page's origin. */
  apiBaseUrl: z.string(),
  /** Frontend base URL, used where the server needs to link back to the site. */
  siteBaseUrl: z.url(),
  firebase: z.object({
    apiKey: z.string().check(z.minLength(1)),
    authDomain: z.string().check(z.minLength(1)),
    projectId: z.string().check(z.minLength(1)),
    /** Set only when the Firebase Auth Emulator stands in for Firebase. */
    authEmulatorUrl: z.nullable(z.url()),
    /** Who e-mails sign-in links: Firebase, or the site itself (POST /api/sign-in-link). */
    signInMail: z.enum(['firebase', 'site']),
  }),
  companySiteUrl: z.url(),
  coursesPortalUrl: z.url(),
  geolocationUrl: z.url(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
