/**
 * Copies the sign-in links that the Firebase Auth Emulator "sends" into the
 * local inbox, as the e-mail a user would receive. The emulator only lists
 * its out-of-band codes, so the relay polls that list and adds each new
 * code once.
 */
import type { Inbox } from '../inbox/inbox';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

export interface SignInRelayOptions {
  /** e.g. http://127.0.0.1:9099 */
  authEmulatorUrl: string;
  projectId: string;
  productName: string;
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export class SignInRelay {
  private readonly seen = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly inbox: Inbox,
    private readonly options: SignInRelayOptions,
  ) {}

  start(): void {
    const interval = this.options.pollIntervalMs ?? 1000;
    this.timer = setInterval(
      () => void this.sync().catch(this.options.onError ?? (() => {})),
      interval,
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Fetches the emulator's codes now; concurrent callers share one fetch. */
  sync(): Promise<void> {
    this.running ??= this.fetchNewCodes().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async fetchNewCodes(): Promise<void> {
    const { authEmulatorUrl, projectId } = this.options;
    const response = await fetch(`${authEmulatorUrl}/emulator/v1/projects/${projectId}/oobCodes`, {
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) throw new Error(`Auth Emulator answered ${response.status}`);
    const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
    for (const code of oobCodes) {
      if (this.seen.has(code.oobCode)) continue;
      this.seen.add(code.oobCode);
      if (code.requestType !== 'EMAIL_SIGNIN') continue;
      this.inbox.add({
        kind: 'sign-in',
        from: `noreply@${projectId}.firebaseapp.com`,
        to: code.email,
        subject: `Sign in to ${this.options.productName}`,
        text: `Hello,\n\nWe received a request to sign in to ${this.options.productName} using this email address, ${code.email}. If you want to sign in, click the link below.\n\nIf you did not request this link, you can safely ignore this email.`,
        links: [{ label: 'Sign in', href: code.oobLink }],
      });
    }
  }
}
