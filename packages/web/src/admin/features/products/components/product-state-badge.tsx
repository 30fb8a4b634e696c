/** Active (in the storefront) or Archived, as a word in a tinted badge. */
export const ProductStateBadge = ({ isActive }: { isActive: boolean }) => (
  <span className={`product-state product-state-${isActive ? 'active' : 'archived'}`}>
    {isActive ? 'Active' : 'Archived'}
  </span>
);
