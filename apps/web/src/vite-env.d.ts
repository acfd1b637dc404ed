interface ImportMetaEnv {
  /** The year the app was built in (vite.config.ts): what prerendered pages show. */
  readonly VITE_BUILD_YEAR?: string;
}
