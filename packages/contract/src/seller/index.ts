/** The back office's API (all under /api/seller/, for sellers only). One file per section. */
export * from './common';
export * from './content';
export * from './content-routes';
export * from './mail';
export * from './orders';
export * from './catalog';
export * from './waitlist';
