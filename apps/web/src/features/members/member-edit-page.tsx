// Member edit (dealers/member/edit/{username}, spec §2.10; lazy-loaded): placeholder until the member edit form lands.
import { useParams } from 'react-router';

export function MemberEditPage() {
  const { username } = useParams();
  return (
    <section className="container py-3">
      <h1 className="h3">Update User&apos;s Details</h1>
      <p className="text-muted">The profile of {username} will be editable here.</p>
    </section>
  );
}
