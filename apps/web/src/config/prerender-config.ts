/**
 * The origin of the marker addresses a prerendered page holds where the
 * deployment's configuration goes (`<origin>/<field>`, e.g. the company
 * logo's link); the server puts the real values in when it serves the page.
 * `.invalid` can never resolve, so a marker left in place goes nowhere.
 */
export const PRERENDER_CONFIG_ORIGIN = 'https://config.invalid';
