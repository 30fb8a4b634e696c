/**
 * A product's picture, loaded when scrolled to. Only `https:` images are drawn (the pages' CSP
 * blocks `http:` ones, which would show broken); any other gets a neutral drawn parcel.
 */
export const ProductImage = ({
  image,
  name,
  size = 'card',
}: {
  image: string;
  name: string;
  size?: 'card' | 'large' | 'small';
}) =>
  image.startsWith('https://') ? (
    <img className={`product-image product-image-${size}`} src={image} alt={name} loading="lazy" />
  ) : (
    <span className={`product-image product-image-${size} product-image-none`} role="img" aria-label={name}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z M3 7.5 12 12l9-4.5 M12 12v9" />
      </svg>
    </span>
  );
