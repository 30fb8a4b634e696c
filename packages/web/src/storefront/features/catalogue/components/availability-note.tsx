import { availabilityOf, availabilityWords } from '../utils/availability.js';

/** "In stock", "Only 3 left" or "Out of stock", in a colour that helps and words that carry it. */
export const AvailabilityNote = ({ stock }: { stock: number }) => {
  const availability = availabilityOf(stock);
  return (
    <p className={`availability availability-${availability.kind}`}>{availabilityWords(availability)}</p>
  );
};
