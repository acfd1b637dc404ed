/**
 * A company order's seat invite (beyond the spec): the page its link opens,
 * loaded on demand (only people given such a link reach it).
 */
export { SeatInvitePage } from './lazy-pages';
