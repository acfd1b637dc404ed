/**
 * zod's English words for the checks that give none of their own ("Too big:
 * expected string to have <=140 characters"), for the forms of checkout and
 * the back office. zod/mini, the one dialect here, loads no locale (zod's
 * classic API did, on import); the first page load, whose few checks spell
 * their words out, does without it. Imported for its effect by the pages
 * with forms.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());
