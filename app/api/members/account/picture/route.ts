import { CatalogueError, errors, isCatalogueError } from '@/lib/core/errors';
import { isFormPost, readBodyBytes } from '@/lib/core/http/body';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { clearedMemberSessionCookies, memberFormRoute } from '@/lib/edge/api/member-forms';
import { PRIVATE, errorResponse, otherMethods, seeOther } from '@/lib/edge/api/respond';
import {
  MAX_PICTURE_BYTES,
  MEMBER_PAGES,
  MEMBER_SESSION_COOKIE,
  type MemberNotice,
  memberPagePath,
  siteMembers,
  uploadMemberPicture,
} from '@/lib/members';
import { authErrors, isSecureRequest, requestCookie } from '@/lib/owner';

// POST the account page's picture form (multipart/form-data, its file in `picture`): the member's own picture, made
// from the file's content (lib/members uploadMemberPicture) and shown as theirs. A browser's form is answered with a
// 303 to /account and a notice; a client asking for JSON (Accept: application/json) gets 201 `{ avatar }` or the
// catalogue's error: not a JPEG, PNG, WebP or GIF by its content 422 (WDE9422), over 5 MB 413, no file 400, too many
// 429, no session 401, cross-site 403. Whatever is refused, nothing is stored and the picture stays as it was.
// POST `intent=remove` (a urlencoded form): the member's picture removed, the upload with it.

/** The multipart body around the file: its boundaries and part headers. */
const FORM_OVERHEAD = 64 * 1024;

const signInFirst = () => new CatalogueError(401, 'WDE9401', 'sign in to change your picture');

/** What the account page says of a refusal (the catalogue's error); null for one the page calls "try later". */
function noticeOf(error: CatalogueError): MemberNotice | null {
  if (error.status === 413) return 'picture-too-large';
  if (error.wde === 'WDE9422') return 'picture-not-image';
  if (error.status === 429) return 'picture-rate-limited';
  if (error.status === 400) return 'picture-missing';
  if (error.status === 403) return 'cross-site';
  return null;
}

const back = (notice: MemberNotice, cookies: string[] = []) =>
  seeOther(memberPagePath(MEMBER_PAGES.account, notice), cookies, PRIVATE);

async function upload(request: Request): Promise<Response> {
  const json = (request.headers.get('accept') ?? '').includes('application/json');
  const secure = isSecureRequest(request);
  try {
    if (isCrossSite(request)) throw authErrors.crossSite();
    const type = request.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      throw errors.badValue('send the picture as multipart/form-data, its file in the field "picture"');
    }
    const session = requestCookie(request, MEMBER_SESSION_COOKIE);
    if (!session || session.length > 2048) throw signInFirst();
    const body = await readBodyBytes(request, MAX_PICTURE_BYTES + FORM_OVERHEAD, () =>
      errors.payloadTooLarge(`a picture is at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`),
    );
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } })
      .formData()
      .catch(() => null);
    const file = form?.get('picture');
    if (!file || typeof file === 'string' || file.size === 0) {
      throw errors.badValue('choose an image file: the form sends it in the field "picture"');
    }
    if (file.size > MAX_PICTURE_BYTES) {
      throw errors.payloadTooLarge(`a picture is at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    }
    const result = await uploadMemberPicture(session, new Uint8Array(await file.arrayBuffer()));
    if (!result.ok && result.reason === 'invalidSession') {
      if (json) throw signInFirst();
      return seeOther(
        memberPagePath(MEMBER_PAGES.signin, 'signin-required', MEMBER_PAGES.account),
        clearedMemberSessionCookies(secure),
      );
    }
    if (!result.ok) throw errors.internal('the picture was not taken');
    if (json) return Response.json({ avatar: result.member.avatar ?? null }, { status: 201, headers: PRIVATE });
    return back('picture-saved');
  } catch (error) {
    if (!isCatalogueError(error) || error.status >= 500) {
      // The error's name or code only: a message may quote what was sent.
      const what = isCatalogueError(error) ? `${error.status} ${error.wde}` : (error as Error)?.name;
      console.error(JSON.stringify({ msg: 'members: picture upload failed', error: what }));
    }
    if (json) return errorResponse(error);
    if (isCatalogueError(error) && error.status === 401) {
      return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-required', MEMBER_PAGES.account));
    }
    return back((isCatalogueError(error) && noticeOf(error)) || 'try-later');
  }
}

/** The picture removed (the "Remove your picture" button): whichever it was, uploaded or one of the blog's. */
const remove = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  const session = form.cookie(MEMBER_SESSION_COOKIE);
  if (!session || session.length > 2048) {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-required', MEMBER_PAGES.account));
  }
  if (form.fields.intent !== 'remove') return back('invalid-request');
  const result = await siteMembers().updateProfile(session, { avatar: null });
  if (result.ok) return back('picture-removed');
  return seeOther(
    memberPagePath(MEMBER_PAGES.signin, 'signin-required', MEMBER_PAGES.account),
    clearedMemberSessionCookies(form.secure),
  );
});

export const POST = (request: Request) => (isFormPost(request) ? remove(request) : upload(request));

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
