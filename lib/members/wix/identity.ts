import type { authentication } from '@wix/identity';
import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { acceptablePassword } from '../password';
import { resetLinkBase } from '../reset-link';
import { signCaptchaState } from '../tokens';
import {
  type CallContext,
  type IdentityProvider,
  type LoginParams,
  type LoginResult,
  LoginState,
  type RegisterParams,
  type ResetResult,
} from '../types';
import type { MembersContext } from './context';
import { type Captcha, captchaOf, captchaTokens, CODES, failure, siteVisitor } from './iam';
import { toMember } from './profile';
import { openSession } from './session';

// The identity calls (`IdentityProvider`): register, login, verification and password reset through Wix IAM as the
// site's visitor, Wix's answers as OAuthStrategy's login states; memberOf and logout on our sealed sessions.

/** What registerV2, loginV2 and verifyDuringAuthentication answer that the login states read. */
type StateAnswer = Pick<authentication.StateMachineResponse, 'state' | 'sessionToken' | 'stateToken'>;

export function wixIdentity(
  shared: MembersContext,
  directLogin: (wixSessionToken: string) => Promise<LoginResult>,
): IdentityProvider {
  const { clientId, secret, siteUrl, revocations, nowSeconds, tokens, remembered, liveSession, currentMember } = shared;
  const asVisitor = siteVisitor(shared);

  /** `handleState`: Wix's `state` → ours; SUCCESS through the direct login. */
  async function handleState(answer: StateAnswer, what: string): Promise<LoginResult> {
    if (!isRecord(answer)) {
      throw errors.upstreamUnparseable(`Wix answered ${what} with a body that could not be parsed`);
    }
    switch (answer.state) {
      case 'SUCCESS':
        if (typeof answer.sessionToken !== 'string' || !answer.sessionToken) {
          throw errors.upstreamUnparseable('Wix answered SUCCESS without a session token');
        }
        return directLogin(answer.sessionToken);
      case 'REQUIRE_OWNER_APPROVAL':
        return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
      case 'REQUIRE_EMAIL_VERIFICATION':
        if (typeof answer.stateToken !== 'string' || !answer.stateToken) {
          throw errors.upstreamUnparseable('Wix asked for e-mail verification without a state token');
        }
        return { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: { stateToken: answer.stateToken } };
      default:
        return failure(undefined, 'Unknown _state');
    }
  }

  /** A captcha refusal: the invisible captcha first, the visible one after it failed, then FAILURE. */
  function captchaState(code: string | undefined, given: Captcha, client: string): LoginResult | null {
    const missing = code !== undefined && CODES.missingCaptcha.includes(code);
    const invalid = code !== undefined && CODES.invalidCaptcha.includes(code);
    if (!missing && !invalid) return null;
    if (!given) {
      const stateToken = signCaptchaState(secret, client, 'silent', nowSeconds());
      return { loginState: LoginState.SILENT_CAPTCHA_REQUIRED, data: { stateToken } };
    }
    if (given.kind === 'silent') {
      const stateToken = signCaptchaState(secret, client, 'user', nowSeconds());
      return { loginState: LoginState.USER_CAPTCHA_REQUIRED, data: { stateToken } };
    }
    return failure(missing ? 'missingCaptchaToken' : 'invalidCaptchaToken');
  }

  return {
    async register(
      { email, password, profile }: RegisterParams,
      context: CallContext & { captchaToken?: string } = {},
    ) {
      const forget = remembered(password);
      try {
        const given = captchaOf(context.captchaToken);
        const what = 'the registration';
        const answer = await asVisitor(what, (wix) =>
          wix.authentication.registerV2(
            { email },
            {
              password,
              ...(profile?.nickname ? { profile: { nickname: profile.nickname } } : {}),
              ...captchaTokens(given),
            },
          ),
        );
        if (answer.ok) return handleState(answer.value, what);
        const { code, emailViolation } = answer.refusal;
        if (emailViolation) return failure('invalidEmail', 'Please give a valid e-mail address.');
        const captcha = captchaState(code, given, context.client ?? 'unidentified');
        if (captcha) return captcha;
        if (code && CODES.emailExists.includes(code)) return failure('emailAlreadyExists');
        return failure();
      } finally {
        forget();
      }
    },

    async login({ email, password, captchaToken }: LoginParams, context: CallContext = {}) {
      const forget = remembered(password, captchaToken);
      try {
        const given = captchaOf(captchaToken);
        const what = 'the login';
        const answer = await asVisitor(what, (wix) =>
          wix.authentication.loginV2({ email }, { password, ...captchaTokens(given) }),
        );
        if (answer.ok) return handleState(answer.value, what);
        const { code } = answer.refusal;
        const captcha = captchaState(code, given, context.client ?? 'unidentified');
        if (captcha) return captcha;
        // As OAuthStrategy.login: the wrong password and reset codes by name, every other refusal (an unknown
        // address) `invalidEmail`; but a blocked member gets FAILURE without a code (the page's "cannot sign in", as
        // the local provider's), and a member waiting for approval the state that says so.
        if (code && CODES.invalidPassword.includes(code)) return failure('invalidPassword');
        if (code && CODES.resetPassword.includes(code)) return failure('resetPassword');
        if (code && CODES.blocked.includes(code)) {
          return failure(undefined, 'This account cannot sign in. Please contact the site owner.');
        }
        if (code && CODES.pending.includes(code)) return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
        return failure('invalidEmail');
      } finally {
        forget();
      }
    },

    async processVerification({ verificationCode }: { verificationCode: string }, stateToken: string) {
      if (typeof stateToken !== 'string' || !stateToken) return failure(undefined, 'Unknown _state');
      const forget = remembered(stateToken);
      try {
        const code = typeof verificationCode === 'string' ? verificationCode.trim() : '';
        const what = 'the verification';
        const answer = await asVisitor(what, (wix) =>
          wix.verification.verifyDuringAuthentication(code, { stateToken }),
        );
        if (answer.ok) return handleState(answer.value, what);
        return failure(undefined, 'The code is not right, or no longer works. Please check it or sign in again.');
      } finally {
        forget();
      }
    },

    async sendPasswordResetEmail(email: string, redirectUri: string) {
      const link = resetLinkBase(redirectUri, siteUrl);
      // An unknown address is refused by Wix with a 4xx: the same (empty) answer as for a member's.
      await asVisitor('the password reset mail', (wix) =>
        wix.recovery.sendRecoveryEmail(email, { redirect: { url: link.href, clientId } }),
      );
    },

    async resetPassword(resetToken: string, newPassword: string): Promise<ResetResult> {
      if (typeof resetToken !== 'string' || !resetToken) return { ok: false, reason: 'invalidToken' };
      if (!acceptablePassword(newPassword)) return { ok: false, reason: 'invalidPassword' };
      const forget = remembered(resetToken, newPassword);
      try {
        const answer = await asVisitor('the password reset', (wix) =>
          wix.recovery.recover(resetToken, { password: newPassword }),
        );
        if (answer.ok) return { ok: true };
        return answer.refusal.passwordViolation
          ? { ok: false, reason: 'invalidPassword' }
          : { ok: false, reason: 'invalidToken' };
      } finally {
        forget();
      }
    },

    async memberOf(sessionToken: string) {
      const session = await liveSession(sessionToken);
      if (!session) return null;
      const member = await currentMember(session);
      return member ? toMember(member, siteUrl) : null;
    },

    async logout(sessionToken: string) {
      const session = openSession(secret, sessionToken, nowSeconds());
      if (!session) return;
      tokens.forget(session.rt);
      await revocations.revoke(session.jti, session.exp, nowSeconds());
    },
  };
}
