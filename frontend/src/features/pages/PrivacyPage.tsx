import { useTitle } from '../../lib/use-title';
/** `/privacy`: the privacy policy in plain words. */
export function PrivacyPage() {
  useTitle('Privacy policy');
  return (
    <section aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy policy</h1>
      <p>
        Timeledger stores what you enter so that you can use it: your name, your email address, a salted hash
        of your password, your settings, your projects, time entries, income and expenses.
      </p>
      <h2>What we do with it</h2>
      <ul>
        <li>We use your data only to run the service for you. We do not sell it.</li>
        <li>We send you email only for your account: address confirmation and password resets.</li>
        <li>
          Charts you choose to embed are public: anyone who sees the page they are embedded in can see them.
          Turn embedding off in the settings or on the project to stop that.
        </li>
      </ul>
      <h2>Your rights</h2>
      <ul>
        <li>Export all your data as a JSON file at any time in the settings.</li>
        <li>Delete your account in the settings; all your data is deleted with it, for good.</li>
      </ul>
      <p>Questions? Use the contact details in the Impressum.</p>
    </section>
  );
}
