import { type LoginResult, LoginState } from '../types';

// The FAILURE answers of the login flow, as the Wix SDK names their codes. Messages name no secret.

export const failure = (error: string, errorCode?: Extract<LoginResult, { loginState: 'FAILURE' }>['errorCode']) =>
  ({ loginState: LoginState.FAILURE, error, ...(errorCode ? { errorCode } : {}) }) as LoginResult;

/**
 * An unknown address and a wrong password get this same answer, after the same work (a dummy hash is checked for an
 * unknown address): the SDK's `invalidPassword` code, a message that does not say which was wrong.
 */
export const INVALID_LOGIN = failure('The e-mail address or the password is not right.', 'invalidPassword');
export const BLOCKED = failure('This account cannot sign in. Please contact the site owner.');
export const WRONG_CODE = failure('The code is not right. Please check it and try again.');
export const CODE_EXPIRED = failure('This code no longer works: sign in again to get a new one.');
export const BAD_CAPTCHA = failure('The captcha was not solved. Please try again.', 'invalidCaptchaToken');
