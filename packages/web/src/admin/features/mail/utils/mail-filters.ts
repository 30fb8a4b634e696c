import { pageOf } from '../../../../shared/format/page-param.js';
import { isMailStatus, type MailStatus } from './mail-words.js';

export const MAIL_PAGE_SIZE = 20;

/** The delivery log's filter and page as its URL holds them, so a filtered page can be bookmarked. */
export interface MailFilters {
  readonly status?: MailStatus | undefined;
  readonly page: number;
}

/** The filters of a URL's query string; a status the API does not know is left out rather than sent. */
export const mailFiltersOf = (params: URLSearchParams): MailFilters => {
  const status = params.get('status');
  return { status: isMailStatus(status) ? status : undefined, page: pageOf(params) };
};

/** The query string that holds the filters (page 1 and no status leave no trace). */
export const mailSearchOf = (filters: MailFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};
