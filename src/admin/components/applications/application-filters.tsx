import { Select } from "@medusajs/ui"

import { APPLICATION_STATUSES } from "../../../lib/financing/schemas/statuses"
import { applicationStatusLabel } from "../../lib/status-words"

export const ANY = "any"

export type AttentionFilter = "any" | "true" | "false"

type StatusFilterProps = { value: string; onChange: (value: string) => void }

/** Every status the service sends, by its label. */
export const StatusFilter = ({ value, onChange }: StatusFilterProps) => (
  <Select size="small" value={value} onValueChange={onChange}>
    <Select.Trigger className="w-[200px]" data-testid="rf-filter-status" aria-label="Status">
      <Select.Value />
    </Select.Trigger>
    <Select.Content>
      <Select.Item value={ANY}>All statuses</Select.Item>
      {APPLICATION_STATUSES.map((status) => (
        <Select.Item key={status} value={status}>
          {applicationStatusLabel(status)}
        </Select.Item>
      ))}
    </Select.Content>
  </Select>
)

type AttentionFilterProps = { value: AttentionFilter; onChange: (value: AttentionFilter) => void }

export const AttentionFilterSelect = ({ value, onChange }: AttentionFilterProps) => (
  <Select size="small" value={value} onValueChange={(next) => onChange(next as AttentionFilter)}>
    <Select.Trigger className="w-[190px]" data-testid="rf-filter-attention" aria-label="Needs attention">
      <Select.Value />
    </Select.Trigger>
    <Select.Content>
      <Select.Item value="any">All applications</Select.Item>
      <Select.Item value="true">Needs attention</Select.Item>
      <Select.Item value="false">Nothing to do</Select.Item>
    </Select.Content>
  </Select>
)

type StoreFilterProps = { storeCodes: string[]; value: string; onChange: (value: string) => void }

/** One store code's applications, for a store with several (the settings' locations, top-level first). */
export const StoreFilter = ({ storeCodes, value, onChange }: StoreFilterProps) => (
  <Select size="small" value={value} onValueChange={onChange}>
    <Select.Trigger className="w-[170px]" data-testid="rf-filter-store" aria-label="Store code">
      <Select.Value />
    </Select.Trigger>
    <Select.Content>
      <Select.Item value={ANY}>All store codes</Select.Item>
      {storeCodes.map((storeCode) => (
        <Select.Item key={storeCode} value={storeCode}>
          {storeCode}
        </Select.Item>
      ))}
    </Select.Content>
  </Select>
)
