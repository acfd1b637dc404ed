/** The ids of the JSON script elements in which the server hands a page its data. */

/** The id of the `<script type="application/json">` element that carries the content in the page. */
export const WORKSHOP_CONTENT_ELEMENT_ID = 'workshop-content';

/** Element id of the JSON script tag that carries the public config in index.html. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
