import type { PublicConfig } from '@wifi7/contract';
import type { Config } from '../../config/env';

/** The browser's share of the configuration; nothing secret. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    apiBaseUrl: config.publicApiBaseUrl,
    siteBaseUrl: config.publicSiteUrl,
    firebase: {
      apiKey: config.firebase.webApiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      authEmulatorUrl: config.firebase.authEmulatorHost
        ? `http://${config.firebase.authEmulatorHost}`
        : null,
      signInMail: config.firebase.signInMail,
    },
    companySiteUrl: config.companySiteUrl,
    coursesPortalUrl: config.coursesPortalUrl,
    geolocationUrl: config.geolocationUrl,
  };
}

/** Origins the page may call: the Content-Security-Policy `connect-src`. */
export function connectSourcesOf(config: PublicConfig): string[] {
  const origins = new Set<string>(["'self'"]);
  const add = (raw: string | null) => {
    if (raw) origins.add(new URL(raw).origin);
  };
  add(config.apiBaseUrl || null);
  add(config.geolocationUrl);
  add(config.firebase.authEmulatorUrl);
  origins.add('https://identitytoolkit.googleapis.com');
  origins.add('https://securetoken.googleapis.com');
  return [...origins];
}
