import { useTitle } from '../../lib/use-title';
/** `/terms`: the terms and conditions in plain words. */
export function TermsPage() {
  useTitle('Terms and conditions');
  return (
    <section aria-labelledby="terms-title">
      <h1 id="terms-title">Terms and conditions</h1>
      <ol>
        <li>You must be at least 18 years old to use Timeledger.</li>
        <li>You are responsible for what you enter and for keeping your password secret.</li>
        <li>
          Free accounts hold up to 3 projects and 125 items. Premium accounts have no such limits and are
          unlocked with a voucher or, soon, by payment.
        </li>
        <li>
          The demo account is shared with everyone and reset often: anything entered there is public and will
          be deleted.
        </li>
        <li>
          We work hard to keep the service available and your data safe, but we cannot promise that it never
          fails. Export your data regularly if it matters to you.
        </li>
        <li>You can stop using the service and delete your account at any time.</li>
      </ol>
    </section>
  );
}
