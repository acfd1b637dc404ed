/** The path of one of the seat-invite routes for an invite's code. */
export function seatInvitePathOf(route: string, code: string): string {
  return route.replace(':code', encodeURIComponent(code));
}
