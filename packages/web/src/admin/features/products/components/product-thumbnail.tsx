/**
 * The product's image, loaded when scrolled to. Only `https:` images are drawn: the pages' CSP
 * blocks `http:` ones, which would show as a broken image.
 */
export const ProductThumbnail = ({ image, name }: { image: string; name: string }) =>
  image.startsWith('https://') ? (
    <img className="product-thumb" src={image} alt={name} loading="lazy" width={48} height={48} />
  ) : (
    <span className="product-thumb product-thumb-none" title={image || undefined}>
      {image ? 'http image' : 'No image'}
    </span>
  );
