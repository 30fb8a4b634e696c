/** Previous and Next over a list the API pages; from past the last page, Previous goes to the last. */
export const Pager = ({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) => (
  <nav className="pager" aria-label="Pages">
    <button type="button" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
      Previous
    </button>
    <span aria-live="polite">
      Page {page} of {pages}
    </span>
    <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
      Next
    </button>
  </nav>
);
