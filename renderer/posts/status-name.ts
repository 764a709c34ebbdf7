// The words a writer sees for a post's status ('publish' is "Published").
const STATUS_NAMES: Record<string, string> = { publish: 'Published', future: 'Scheduled', draft: 'Draft', pending: 'Pending', private: 'Private', trash: 'Trash' };

/** Statuses of other deployments (or unknown ones) are shown as the site names them. */
export function statusName(status: string): string {
  return STATUS_NAMES[status] ?? status;
}
