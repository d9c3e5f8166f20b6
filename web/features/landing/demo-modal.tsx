import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LABELS, MESSAGES } from '../../../shared/messages';
import type { PricingPlan } from '../../../shared/plans';
import { Icon } from './icons';
import { planPrice } from './pricing-section';
import { DEMO_FIELDS, sendDemoRequest, type DemoField, type DemoFieldErrors } from './demo-request';
import { preloadDemoValidation, validateDemoRequest } from './demo-validation';

const FIELD_INPUTS: Record<
  DemoField,
  { label: string; type: 'text' | 'tel' | 'email'; autoComplete: string }
> = {
  name: { label: 'Name', type: 'text', autoComplete: 'name' },
  businessName: { label: 'Business Name', type: 'text', autoComplete: 'organization' },
  contactNumber: { label: 'Contact Number', type: 'tel', autoComplete: 'tel' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
};

const EMPTY: Record<DemoField, string> = {
  name: '',
  businessName: '',
  contactNumber: '',
  email: '',
};

type Props = {
  open: boolean;
  /** The plan whose 'Buy Now' opened the form, if any: it is sent with the request. */
  plan: PricingPlan | null;
  onClose: () => void;
  onSent: () => void;
};

/**
 * The demo request form in a native modal <dialog>: the browser traps focus, makes the page
 * behind it inert and closes it on Escape. What was typed survives closing and failures; only
 * a successful send clears it.
 */
export function DemoModal({ open, plan, onClose, onSent }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<DemoFieldErrors>({});
  /** What the alert under the form says after a failed send (null: no alert). */
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Guards against a second submit while the first is still being checked or sent.
  const busyRef = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement as HTMLElement | null;
      void preloadDemoValidation();
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function handleClose() {
    onClose();
    // Give focus back to the button that opened the form.
    openerRef.current?.focus();
    openerRef.current = null;
  }

  function focusField(field: DemoField) {
    dialogRef.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      const body = { ...values, website, ...(plan ? { plan: plan.id } : {}) };
      setFailure(null);
      // The checks could not be loaded (offline): the server checks the same rules.
      const fieldErrors = await validateDemoRequest(body).catch((): DemoFieldErrors => ({}));
      setErrors(fieldErrors);
      const firstInvalid = DEMO_FIELDS.find((field) => fieldErrors[field]);
      if (firstInvalid) {
        focusField(firstInvalid);
        return;
      }
      setSending(true);
      const result = await sendDemoRequest(body);
      setSending(false);
      if (result.ok) {
        setValues(EMPTY);
        setWebsite('');
        onSent();
      } else {
        setErrors(result.fieldErrors);
        setFailure(result.message ?? MESSAGES.demo.sendFailed);
      }
    } finally {
      busyRef.current = false;
    }
  }

  function update(field: DemoField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  return (
    <dialog
      ref={dialogRef}
      className="lp-modal"
      aria-labelledby="lp-demo-title"
      aria-describedby="lp-demo-intro"
      onClose={handleClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; the panel fills the rest.
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className="lp-modal__panel">
        <div className="lp-modal__head">
          <div>
            <h2 id="lp-demo-title" className="lp-modal__title">
              {plan ? `Buy the ${plan.name} plan` : 'Book your free demo'}
            </h2>
            <p id="lp-demo-intro" className="lp-modal__intro">
              {plan
                ? `${plan.name}: ${planPrice(plan)} for ${plan.durationMonths} months. Leave your details and we will call you to set it up and take the payment.`
                : 'Leave your details and we will call you to set up a free trial for your outlet.'}
            </p>
          </div>
          <button
            type="button"
            className="lp-modal__close"
            aria-label="Close"
            onClick={() => dialogRef.current?.close()}
          >
            <Icon name="close" />
          </button>
        </div>
        <form className="lp-form" noValidate onSubmit={handleSubmit}>
          {DEMO_FIELDS.map((field) => {
            const input = FIELD_INPUTS[field];
            const id = `lp-demo-${field}`;
            const error = errors[field];
            return (
              <div key={field} className="lp-field">
                <label className="lp-field__label" htmlFor={id}>
                  {input.label}
                </label>
                <input
                  id={id}
                  className="lp-field__input"
                  name={field}
                  type={input.type}
                  autoComplete={input.autoComplete}
                  required
                  value={values[field]}
                  onChange={(event) => update(field, event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                {error && (
                  <p id={`${id}-error`} className="lp-field__error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          {/* Honeypot: people never see or reach it; bots that fill every input do. */}
          <div className="lp-honeypot" aria-hidden="true">
            <label htmlFor="lp-demo-website">Website</label>
            <input
              id="lp-demo-website"
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </div>
          {failure && (
            <p role="alert" className="lp-form__alert">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="lp-btn lp-btn--primary lp-btn--lg lp-btn--block"
            disabled={sending}
          >
            {sending ? LABELS.demo.sending : LABELS.demo.submit}
          </button>
        </form>
      </div>
    </dialog>
  );
}
