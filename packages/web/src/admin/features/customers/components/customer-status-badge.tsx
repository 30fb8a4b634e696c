/** Active or Blocked, as a word in a tinted badge (the word carries the meaning). */
export const CustomerStatusBadge = ({ isActive }: { isActive: boolean }) => (
  <span className={`customer-status customer-status-${isActive ? 'active' : 'blocked'}`}>
    {isActive ? 'Active' : 'Blocked'}
  </span>
);
