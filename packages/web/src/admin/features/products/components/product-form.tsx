import { isShopApiError } from '@trx-shop/client';
import { type FormEvent, useId, useState } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { SelectField } from '../../../../shared/ui/select-field.js';
import { CATEGORIES, CATEGORY_WORDS } from '../../../../shared/format/categories.js';
import {
  checkProductForm,
  type FieldErrors,
  fieldErrorsOfDetails,
  type ProductFormValues,
} from '../utils/product-form.js';

interface ProductFormProps {
  readonly initial: ProductFormValues;
  readonly submitLabel: string;
  /** Whether to offer "Active": a new product may start archived; a saved one is archived by its button. */
  readonly withActive: boolean;
  readonly busy: boolean;
  /** The API's refusal of the last submit, if any. */
  readonly error: unknown;
  readonly onSubmit: (values: ProductFormValues) => void;
}

/** The API's VALIDATION_ERROR details, on the fields they name. */
const apiFieldErrors = (error: unknown): FieldErrors =>
  isShopApiError(error) && error.code === 'VALIDATION_ERROR'
    ? fieldErrorsOfDetails(error.body.details ?? [])
    : {};

/**
 * A product's fields, checked against the API's rules before anything is sent; what the API still
 * refuses shows beside the field it names.
 */
export const ProductForm = ({
  initial,
  submitLabel,
  withActive,
  busy,
  error,
  onSubmit,
}: ProductFormProps) => {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<FieldErrors>({});
  const descriptionId = useId();
  const set = (patch: Partial<ProductFormValues>) => setValues((current) => ({ ...current, ...patch }));
  // A field's own check wins; the API's message stays until the next submit.
  const errors: FieldErrors = { ...apiFieldErrors(error), ...checked };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkProductForm(values);
    setChecked(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <form className="card stack product-form" aria-label="Product" onSubmit={submit} noValidate>
      <Field
        label="Name"
        required
        maxLength={200}
        error={errors.name}
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <div className="field">
        <label htmlFor={descriptionId}>Description</label>
        <textarea
          id={descriptionId}
          rows={4}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
        />
        {errors.description && (
          <small id={`${descriptionId}-error`} className="field-error">
            {errors.description}
          </small>
        )}
      </div>
      <div className="product-prices">
        <Field
          label="Price (TRX)"
          required
          inputMode="decimal"
          autoComplete="off"
          hint="Above 0, at most 6 decimals, at most 1,000,000"
          error={errors.price}
          value={values.price}
          onChange={(event) => set({ price: event.target.value })}
        />
        <Field
          label="Price in USDT (optional)"
          inputMode="decimal"
          autoComplete="off"
          hint="Empty: not sold in USDT. Above 0, at most 6 decimals, at most 1,000,000; shoppers see it once checkout takes USDT"
          error={errors.priceUsdt}
          value={values.priceUsdt}
          onChange={(event) => set({ priceUsdt: event.target.value })}
        />
      </div>
      <SelectField
        label="Category"
        required
        error={errors.category}
        value={values.category}
        onChange={(event) => set({ category: event.target.value })}
      >
        <option value="">Choose a category</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {CATEGORY_WORDS[category]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Stock"
        inputMode="numeric"
        autoComplete="off"
        hint="Units on hand, a whole number"
        error={errors.stock}
        value={values.stock}
        onChange={(event) => set({ stock: event.target.value })}
      />
      <Field
        label="Image URL"
        type="url"
        autoComplete="off"
        hint="An https:// address, or empty"
        error={errors.image}
        value={values.image}
        onChange={(event) => set({ image: event.target.value })}
      />
      {withActive && (
        <div className="check">
          <input
            id={`${descriptionId}-active`}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set({ isActive: event.target.checked })}
          />
          <label htmlFor={`${descriptionId}-active`}>Active: shown in the storefront</label>
        </div>
      )}
      {error !== null && error !== undefined && (
        <ErrorNotice error={error} title="The product was not saved" />
      )}
      <div>
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
};
