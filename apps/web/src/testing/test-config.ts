import type { PublicConfig } from '@wifi7/contract';

export const testPublicConfig: PublicConfig = {
  apiBaseUrl: '',
  siteBaseUrl: 'http://localhost:3000',
  firebase: {
    apiKey: 'test-api-key',
    authDomain: 'localhost',
    projectId: 'demo-test',
    authEmulatorUrl: null,
    signInMail: 'firebase',
  },
  companySiteUrl: 'https://company.example.com/',
  coursesPortalUrl: 'https://courses.example.com/',
  geolocationUrl: 'https://geo.example.com/json',
};
