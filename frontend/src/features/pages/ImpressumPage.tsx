import { useTitle } from '../../lib/use-title';
/** `/impressum`: the legal disclosure; the operator fills in the marked placeholders. */
export function ImpressumPage() {
  useTitle('Impressum');
  return (
    <section aria-labelledby="impressum-title">
      <h1 id="impressum-title">Impressum</h1>
      <p className="placeholder-note">
        Placeholder: the operator of this deployment must replace the bracketed text below with their own
        legal details before going live.
      </p>
      <h2>Operator</h2>
      <address>
        [Operator name or company]
        <br />
        [Street and number]
        <br />
        [Postcode and city]
        <br />
        [Country]
      </address>
      <h2>Contact</h2>
      <p>
        Email: [contact email address]
        <br />
        Phone: [phone number]
      </p>
      <h2>Responsible for the content</h2>
      <p>[Name of the person responsible, address as above]</p>
    </section>
  );
}
