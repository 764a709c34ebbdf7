// contact-form/v1 as the site serves it (deployment A): its routes, and the commands for
// where its mail goes, its outbox, its submission limit and its stored submissions.
import type { NamespacePlugin } from '../../site-context.ts';
import { NAMESPACE, contactFormRoutes } from './routes.ts';
import { mailUnmailedFeedback, mailUnmailedSubmission, stopMailingUnmailed } from './unmailed-feedback.ts';
import { submissionNamed } from './feedback.ts';
import {
  mailClearCommand, mailOutboxCommand, mailRouteCommand, mailSetCommand, rateLimitCommand, submissionsCommand,
} from './commands.ts';

export const contactFormPlugin: NamespacePlugin = {
  namespace: NAMESPACE,
  routes: contactFormRoutes,
  start(site) {
    // Off the start: the site serves meanwhile, and a slow SMTP server holds nothing.
    void mailUnmailedFeedback(site);
    return () => stopMailingUnmailed(site);
  },
  answerLost(site, path, made) {
    // A visitor's feedback sent again after its process died: what that process left unsent of its
    // submission (its mail, its autoresponder) goes now, before the answer; others' are not waited
    // for. A record of an earlier version names no submission: every unmailed one goes, as its re-send did then.
    if (!path.endsWith('/feedback')) return undefined;
    const submission = submissionNamed(path, made);
    return submission === null ? mailUnmailedFeedback(site) : mailUnmailedSubmission(site, submission);
  },
  commands: [
    {
      name: 'mail set',
      help: [
        'Send the contact forms\' mail through an SMTP server.',
        '--smtp-url smtp://[user:password@]host:port (smtps:// for TLS;',
        '?ignoreTLS=true or ?requireTLS=true after the port). A password',
        'is stored encrypted, with its key in DIR/mail.key.',
        'Without a server, mail waits in the outbox.',
      ],
      options: ['smtp-url'],
      run({ store, dataDir, required }) {
        console.log(`Mail is now sent through ${mailSetCommand(store, dataDir, { smtpUrl: required('smtp-url') })}.`);
      },
    },
    {
      name: 'mail clear',
      help: ['Forget the SMTP server: mail waits in the outbox again.'],
      run({ store }) {
        mailClearCommand(store);
        console.log('No SMTP server is set: mail waits in the outbox.');
      },
    },
    {
      name: 'mail outbox',
      help: ['List the mail not delivered: waiting for a server, or refused by it.'],
      run({ store, dataDir }) {
        console.log(mailRouteCommand(store, dataDir));
        const lines = mailOutboxCommand(store);
        if (lines.length === 0) console.log('The outbox is empty.');
        for (const line of lines) {
          console.log(`#${line.id}  ${line.created}  ${line.status}  ${line.kind} of submission ${line.submission ?? '-'}  ${line.size} bytes`);
          console.log(`    From: ${line.from}\n    To: ${line.to.join(', ')}\n    Subject: ${line.subject}`);
          if (line.error) console.log(`    Error: ${line.error}`);
        }
      },
    },
    {
      name: 'contact-form rate-limit',
      help: ['Limit the submissions of each client (default 10 every 60 seconds).', '--requests N --seconds S'],
      options: ['requests', 'seconds'],
      run({ store, required }) {
        const limit = { requests: required('requests'), seconds: required('seconds') };
        rateLimitCommand(store, limit);
        console.log(`At most ${limit.requests} submissions every ${limit.seconds} seconds from each client.`);
      },
    },
    {
      name: 'contact-form submissions',
      help: ['List the stored submissions. [--form ID]'],
      options: ['form'],
      run({ store, option }) {
        const rows = submissionsCommand(store, { form: option('form') });
        if (rows.length === 0) console.log('No submissions are stored.');
        for (const row of rows) {
          console.log(`#${row.id}  form ${row.form}  ${row.created}  ${row.status}${row.error ? ` (${row.error})` : ''}  ${JSON.stringify(row.data)}`);
        }
      },
    },
  ],
};
