import { mailTo } from './members';

/** The confirmation link (path and query) of the newest mail to this address, from the e2e server's outbox. */
export async function confirmLinkFor(address: string): Promise<string> {
  const confirm = /https?:\/\/\S+\/newsletter\/confirm\?\S+/;
  const url = new URL(confirm.exec(await mailTo(address, confirm))![0]);
  return `${url.pathname}${url.search}`;
}
