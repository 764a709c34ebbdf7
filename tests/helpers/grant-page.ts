// Signing in on the credential-grant page as a browser does: the form is read first (it
// sets a cookie and holds a token bound to it), then posted with both.

/** The `name=value` of the cookie a response sets, if it sets `name`. */
export function cookieSet(response: Response, name: string): string | null {
  const match = new RegExp(`^(${name}=[^;]+)`).exec(response.headers.get('set-cookie') ?? '');
  return match ? match[1] : null;
}

export function formToken(html: string): string {
  const match = /name="token" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form token in ${html}`);
  return match[1];
}

/** Posts `form` (with the form's cookie); `headers` are added to the request's own. */
export function postForm(url: string, form: Record<string, string>, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form).toString(),
  });
}

/** Reads the sign-in form at `page`, then posts it with `log` and `pwd`; `headers` go with both requests. */
export async function postSignIn(page: string, log: string, pwd: string, headers: Record<string, string> = {}): Promise<Response> {
  const form = await fetch(page, { headers });
  const token = formToken(await form.text());
  const cookie = cookieSet(form, 'cms_sign_in');
  if (!cookie) throw new Error('the sign-in form set no cookie');
  return postForm(page, { action: 'login', log, pwd, token }, cookie, headers);
}
