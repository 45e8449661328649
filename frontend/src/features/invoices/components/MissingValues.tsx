import { BUYER_PARAM, SELLER_PARAM } from '@contract/sending-needs';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import type { ApiErrorItem } from '@/lib/api';
import { apiErrorText } from '@/lib/error-text';
import { missingSearch } from '@/lib/missing-fields';
import { paths } from '@/lib/paths';

/** The words of each value sending can find missing, by the error's field (the literal keys let the catalogue check find them). */
const WORDS = {
  sellerName: 'sendingNeeds.sellerName',
  sellerStreet: 'sendingNeeds.sellerStreet',
  sellerPostcode: 'sendingNeeds.sellerPostcode',
  sellerCity: 'sendingNeeds.sellerCity',
  sellerCountry: 'sendingNeeds.sellerCountry',
  sellerEmail: 'sendingNeeds.sellerEmail',
  sellerPhone: 'sendingNeeds.sellerPhone',
  sellerIban: 'sendingNeeds.sellerIban',
  sellerTaxId: 'sendingNeeds.sellerTaxId',
  sellerVatId: 'sendingNeeds.sellerVatId',
  clientName: 'sendingNeeds.clientName',
  clientPostcode: 'sendingNeeds.clientPostcode',
  clientCity: 'sendingNeeds.clientCity',
  clientCountry: 'sendingNeeds.clientCountry',
  clientVatId: 'sendingNeeds.clientVatId',
} as const;

/** The id of a client's field in its edit form on /clients, the target of a link here. */
export const clientFieldId = (key: string) => `client-${key}`;

/** A missing value: its party, its key (`street`) and its error's field (`sellerStreet`). */
export interface MissingValue {
  party: 'seller' | 'buyer';
  key: string;
  item: ApiErrorItem;
}

/** The values an `INVOICE_INCOMPLETE` refusal names, by party; nothing for any other error. */
export function missingValuesOf(items: readonly ApiErrorItem[]): MissingValue[] {
  return items.flatMap((item): MissingValue[] => {
    if (item.code !== 'INVOICE_INCOMPLETE' || !item.param) return [];
    if (item.param.startsWith(SELLER_PARAM))
      return [{ party: 'seller', key: item.param.slice(SELLER_PARAM.length), item }];
    if (item.param.startsWith(BUYER_PARAM))
      return [{ party: 'buyer', key: item.param.slice(BUYER_PARAM.length), item }];
    return [];
  });
}

/**
 * Why an invoice could not be sent (issue 36): each missing value in words, a link to the field
 * where it is entered — the invoice details page or the client's edit form — with every value of
 * that page named (`?missing=…`) and the linked field targeted (`#street`).
 */
export function MissingValues({ missing, clientId }: { missing: readonly MissingValue[]; clientId: string }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  const keysOf = (party: MissingValue['party']) => missing.filter((m) => m.party === party).map((m) => m.key);
  const seller = keysOf('seller');
  const buyer = keysOf('buyer');
  const linkOf = (m: MissingValue) =>
    m.party === 'seller'
      ? `${paths.invoiceDetails}${missingSearch(seller, m.key)}`
      : `${paths.clients}${missingSearch(buyer, clientFieldId(m.key), { edit: clientId })}`;
  const wordsOf = (m: MissingValue) => {
    const field = m.item.values?.field;
    return typeof field === 'string' && field in WORDS
      ? t(WORDS[field as keyof typeof WORDS])
      : apiErrorText(m.item);
  };
  return (
    <div className="form-error missing-values" role="alert">
      <p>{t('sendingNeeds.title')}</p>
      <ul>
        {missing.map((m) => (
          <li key={m.item.param}>
            <Link to={linkOf(m)}>{wordsOf(m)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
