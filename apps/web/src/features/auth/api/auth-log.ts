/**
 * One line per authentication step for the server log (spec section 7),
 * ERROR on failure. Only uids and Firebase error codes go out: never e-mail
 * addresses, tokens or links.
 */
import { remoteLog } from '../../../lib/remote-log';
import { authErrorCode } from '../sign-in-errors';

const reason = (error: unknown) => authErrorCode(error) ?? 'unknown error';

export const authLog = {
  linkRequested: () => void remoteLog.info('auth: sign-in link requested'),
  linkRequestFailed: (error: unknown) =>
    void remoteLog.error(`auth: sign-in link request failed (${reason(error)})`),
  linkOpened: (mode: 'confirm' | 'enter') =>
    void remoteLog.info(`auth: sign-in link opened (mode ${mode})`),
  signInCompleted: (uid: string) => void remoteLog.info(`auth: sign-in completed (uid ${uid})`),
  signInFailed: (error: unknown) => void remoteLog.error(`auth: sign-in failed (${reason(error)})`),
  sessionFailed: (error: unknown) =>
    void remoteLog.error(`auth: session could not be restored (${reason(error)})`),
  loggedOut: (uid: string | undefined) =>
    void remoteLog.info(`auth: logout (uid ${uid ?? 'unknown'})`),
  logoutFailed: (error: unknown) => void remoteLog.error(`auth: logout failed (${reason(error)})`),
  autoEnrollmentFailed: (status: number | undefined) =>
    void remoteLog.warning(`auto-enrollment request failed (status ${status ?? 'none'})`),
};
