import { useParams, useSearch } from 'wouter';
import { GetServiceScreen } from '../../features/get-service/components/get-service-screen.tsx';

/** /get-service/{id}: SPEC 2 "Second-stop entry" (decision 611). */
export function Component() {
  const { id } = useParams<{ id: string }>();
  const search = useSearch();
  return <GetServiceScreen serviceId={id} search={search} />;
}
