interface ImportMetaEnv {
  /** The year the app was built in (vite.config.ts): what prerendered pages show. */
  readonly VITE_BUILD_YEAR?: string;
  /** This build's name (vite.config.ts); empty outside a production build. */
  readonly VITE_WEB_BUILD?: string;
}
