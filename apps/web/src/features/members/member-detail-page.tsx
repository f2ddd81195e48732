// Member detail (dealers/members/{username}, spec §2.10; lazy-loaded): shows the member's user name.
import { useParams } from 'react-router';

export function MemberDetailPage() {
  const { username } = useParams();
  return (
    <section className="container py-3">
      <h1 className="h3">{username}</h1>
    </section>
  );
}
