import { errors } from '@/lib/core/errors';
import type { Mailer } from '@/lib/core/mail';
import { SITE_NAME } from '@/lib/core/site';
import { RESET_TTL_SECONDS, VERIFICATION_TTL_SECONDS } from '../tokens';

// What the local provider mails: a verification code, a password reset link and, to a member whose address someone
// tried to join with, a notice, through lib/core/mail.

export type SendMail = (to: string, subject: string, text: string, what: string) => Promise<void>;

/** Sends one mail; a failure is logged by the error's name only and answered as the upstream's (try again later). */
export function mailSender(mailer: Mailer): SendMail {
  return async function send(to, subject, text, what) {
    try {
      await mailer.send({ to, subject, text });
    } catch (error) {
      // The error's name only: its message may quote the message, which holds a code or a link.
      console.error(`members: the ${what} mail could not be sent (${(error as Error).name})`);
      throw errors.upstreamFailed(`the ${what} mail could not be sent; try again in a few minutes`);
    }
  };
}

/** The mail that carries a verification code. */
export function codeMail(code: string) {
  const minutes = VERIFICATION_TTL_SECONDS / 60;
  return {
    subject: `Your ${SITE_NAME} code: ${code}`,
    text:
      `Your code to confirm this e-mail address at ${SITE_NAME} is:\n\n    ${code}\n\n` +
      `It works for ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
  };
}

/** The mail that carries a password reset link. */
export function resetMail(link: URL) {
  return {
    subject: `Reset your ${SITE_NAME} password`,
    text:
      `Someone, hopefully you, asked to reset the password of your account at ${SITE_NAME}.\n\n` +
      `To choose a new one, open this link (it works for ${RESET_TTL_SECONDS / 60} minutes, once):\n` +
      `${link.href}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
  };
}

/**
 * The mail a member gets, instead of a code, when someone tries to join with their address (the join's answer is the
 * one a new address gets, so it tells nobody the address is a member's): where to sign in, or reset the password.
 */
export function joinNoticeMail(signIn: URL, forgot: URL) {
  return {
    subject: `Someone tried to join ${SITE_NAME} with your address`,
    text:
      `Someone, perhaps you, just tried to join ${SITE_NAME} with this e-mail address. You are a member already, ` +
      `so no new account was made and yours is unchanged.\n\n` +
      `To sign in:\n${signIn.href}\n\nForgot your password? Choose a new one here:\n${forgot.href}\n\n` +
      `If it was not you, ignore this mail.\n`,
  };
}
