import { useSearch } from 'wouter';
import { EntryScreen } from '../../features/entry/components/entry-screen.tsx';

/** /entry: SPEC 2 "an entry route" (decision 612). */
export function Component() {
  const search = useSearch();
  return <EntryScreen search={search} />;
}
