import { supplierStatus } from '@medstore/contracts/supplier'
import { Button, Modal, SelectField, TextField } from '@medstore/ui'
import type { Column } from '@medstore/ui/later'
import { toast } from '@medstore/web-client'
import { useState } from 'react'
import { type Supplier, type SupplierInput, type SupplierStatus, vendorApi } from '../api.ts'
import {
  EMPTY_SUPPLIER,
  SUPPLIERS_PAGE_SIZE,
  type SupplierErrors,
  validateSupplier,
} from '../domain/suppliers.ts'
import { useSearchedPages } from '../use-searched-pages.ts'
import { ErrorText, Panel, RowActions } from './common.tsx'
import { SearchedTable } from './SearchedTable.tsx'

const SUPPLIER_COLOURS = {
  Active: { background: '#dcfce7', text: '#166534' },
  Inactive: { background: '#fee2e2', text: '#991b1b' },
}

type Editing = { supplier?: Supplier } | null

const inputOf = (s: Supplier): SupplierInput => ({
  name: s.name,
  company: s.company,
  address: s.address,
  phone: s.phone,
  email: s.email,
  status: s.status,
})

export function Suppliers() {
  const list = useSearchedPages(
    'name',
    (name, page, limit) => vendorApi.suppliers(name.trim(), page, limit),
    SUPPLIERS_PAGE_SIZE,
    'Suppliers pages',
  )
  const [editing, setEditing] = useState<Editing>(null)

  const toggle = async (supplier: Supplier) => {
    const status = supplier.status === 'Active' ? 'Inactive' : 'Active'
    try {
      await vendorApi.updateSupplier(supplier._id, { status })
      toast.success(status === 'Active' ? 'Supplier activated.' : 'Supplier deactivated.')
      list.reload()
    } catch (error) {
      toast.error('Failed to update supplier.', error instanceof Error ? error.message : undefined)
    }
  }

  const columns: Column<Supplier>[] = [
    {
      header: 'Supplier Info',
      cell: (s) => (
        <span>
          <strong>{s.name}</strong>
          <br />
          <small>
            {s.phone} · {s.email}
          </small>
        </span>
      ),
    },
    { header: 'Address', cell: (s) => s.address },
    { header: 'Company', cell: (s) => s.company },
    {
      header: 'Status',
      cell: (s) => (
        <span
          style={{
            padding: '2px 10px',
            borderRadius: 999,
            fontWeight: 600,
            background: SUPPLIER_COLOURS[s.status].background,
            color: SUPPLIER_COLOURS[s.status].text,
          }}
        >
          {s.status}
        </span>
      ),
    },
    {
      header: 'Action',
      label: '',
      cell: (s) => (
        <RowActions>
          <Button
            variant="secondary"
            aria-label={`Edit ${s.name}`}
            onClick={() => setEditing({ supplier: s })}
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            aria-label={`${s.status === 'Active' ? 'Deactivate' : 'Activate'} ${s.name}`}
            onClick={() => toggle(s)}
          >
            {s.status === 'Active' ? 'Deactivate' : 'Activate'}
          </Button>
        </RowActions>
      ),
    },
  ]

  return (
    <Panel title="All Suppliers">
      <SearchedTable
        list={list}
        filter={{ name: 'Filter suppliers', label: 'Supplier name' }}
        actions={<Button onClick={() => setEditing({})}>Add a new Supplier</Button>}
        failure="Failed to get suppliers."
        empty={list.text ? 'No supplier matches this name.' : 'No suppliers yet.'}
        caption="Suppliers"
        columns={columns}
      />
      {editing ? (
        <SupplierDialog
          supplier={editing.supplier}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            list.reload()
          }}
        />
      ) : null}
    </Panel>
  )
}

export function SupplierDialog({
  supplier,
  onClose,
  onSaved,
}: {
  supplier?: Supplier | undefined
  onClose: () => void
  onSaved: () => void
}) {
  const [values, setValues] = useState<SupplierInput>(supplier ? inputOf(supplier) : EMPTY_SUPPLIER)
  const [errors, setErrors] = useState<SupplierErrors>({})
  const [failure, setFailure] = useState<string>()
  const [saving, setSaving] = useState(false)
  const field = (key: keyof SupplierInput, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      value={values[key]}
      error={errors[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      {...extra}
    />
  )

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateSupplier(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    setFailure(undefined)
    try {
      if (supplier) await vendorApi.updateSupplier(supplier._id, values)
      else await vendorApi.createSupplier(values)
      toast.success(supplier ? 'Supplier updated successfully.' : 'Supplier created successfully.')
      onSaved()
    } catch (error) {
      setFailure(`Failed to save supplier. ${error instanceof Error ? error.message : ''}`)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={supplier ? 'Edit Supplier' : 'Add a new Supplier'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="supplier-form" disabled={saving}>
            {supplier ? 'Update Supplier' : 'Create Supplier'}
          </Button>
        </>
      }
    >
      <form id="supplier-form" noValidate onSubmit={submit}>
        {field('name', 'Name')}
        {field('company', 'Company')}
        {field('address', 'Address')}
        {field('phone', 'Phone', { inputMode: 'tel' })}
        {field('email', 'Email', { type: 'email' })}
        <SelectField
          label="Status"
          options={supplierStatus.options.map((status) => ({ value: status, label: status }))}
          value={values.status}
          onChange={(e) => setValues((v) => ({ ...v, status: e.target.value as SupplierStatus }))}
        />
        {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
      </form>
    </Modal>
  )
}
