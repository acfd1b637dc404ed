/**
 * Why the seller's change to the catalog was refused, in words the back
 * office and the command-line tool show as they are. Nothing was changed.
 */
import { HttpError } from '../lib/http-error';

class CatalogChangeRefused extends HttpError {}

export const notFound = (message: string) => new CatalogChangeRefused(404, message);
/** The change conflicts with what the catalog holds now (taken seats, an existing code). */
export const conflict = (message: string) => new CatalogChangeRefused(409, message);
/** The change names something that does not fit (an unknown workshop). */
export const unprocessable = (message: string) => new CatalogChangeRefused(422, message);
