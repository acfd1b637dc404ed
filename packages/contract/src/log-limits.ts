/** How long the browser keeps a log token before asking for a new one (spec section 9). */
export const LOG_TOKEN_CACHE_SECONDS = 240;

export const LOG_MESSAGE_MAX_LENGTH = 2000;
