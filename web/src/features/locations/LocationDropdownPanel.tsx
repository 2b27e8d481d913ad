import { LocationSearch } from './LocationSearch';
import { useChooseLocation } from './use-choose-location';

/** Desktop header location dropdown body: search (8 results), current location, popular places. */
export function LocationDropdownPanel({ onDone }: { onDone: () => void }) {
  const choose = useChooseLocation(onDone);
  return <LocationSearch onChoose={choose} limit={8} autoFocus />;
}
