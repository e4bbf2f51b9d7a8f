import { supplierStatus } from '@medstore/contracts/supplier'
import {
  Button,
  Input,
  Modal,
  Pager,
  pageCountOf,
  SelectField,
  StackedTable,
  Table,
  TextField,
} from '@medstore/ui'
import { toast } from '@medstore/web-client'
import { useEffect, useState } from 'react'
import { type Supplier, type SupplierInput, type SupplierStatus, vendorApi } from '../api.ts'
import {
  EMPTY_SUPPLIER,
  SUPPLIERS_PAGE_SIZE,
  type SupplierErrors,
  validateSupplier,
} from '../logic/suppliers.ts'
import { useUrlState } from '../url-state.ts'
import { useLoad } from '../use-load.ts'
import { ErrorText, ListState, Panel, RowActions, Toolbar } from './common.tsx'

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
  const [state, setState] = useUrlState({ name: '' })
  const [draft, setDraft] = useState(state.name)
  useEffect(() => setDraft(state.name), [state.name])
  const [editing, setEditing] = useState<Editing>(null)
  const [load, reload] = useLoad(
    () => vendorApi.suppliers(state.name.trim(), state.page, SUPPLIERS_PAGE_SIZE),
    JSON.stringify([state.name, state.page]),
  )

  const toggle = async (supplier: Supplier) => {
    const status = supplier.status === 'Active' ? 'Inactive' : 'Active'
    try {
      await vendorApi.updateSupplier(supplier._id, { status })
      toast.success(status === 'Active' ? 'Supplier activated.' : 'Supplier deactivated.')
      reload()
    } catch (error) {
      toast.error('Failed to update supplier.', error instanceof Error ? error.message : undefined)
    }
  }

  return (
    <Panel title="All Suppliers">
      <Toolbar
        aria-label="Filter suppliers"
        onSubmit={(e) => {
          e.preventDefault()
          setState({ name: draft, page: 1 })
        }}
      >
        <Input
          type="search"
          aria-label="Supplier name"
          placeholder="Supplier name"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Button onClick={() => setEditing({})}>Add a new Supplier</Button>
      </Toolbar>
      <ListState
        load={load}
        retry={reload}
        isEmpty={(data) => data.items.length === 0}
        empty={state.name ? 'No supplier matches this name.' : 'No suppliers yet.'}
      >
        {(data) => {
          const pageCount = pageCountOf(data.total, SUPPLIERS_PAGE_SIZE)
          const page = state.page
          return (
            <>
              <StackedTable>
                <Table>
                  <caption className="visually-hidden">Suppliers</caption>
                  <thead>
                    <tr>
                      <th scope="col">Supplier Info</th>
                      <th scope="col">Address</th>
                      <th scope="col">Company</th>
                      <th scope="col">Status</th>
                      <th scope="col">Action</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((s) => (
                      <tr key={s._id}>
                        <td data-label="Supplier Info">
                          <span>
                            <strong>{s.name}</strong>
                            <br />
                            <small>
                              {s.phone} · {s.email}
                            </small>
                          </span>
                        </td>
                        <td data-label="Address">{s.address}</td>
                        <td data-label="Company">{s.company}</td>
                        <td data-label="Status">
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
                        </td>
                        <td data-label="">
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
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </StackedTable>
              <Pager
                label="Suppliers pages"
                page={page}
                pageCount={pageCount}
                onPageChange={(p) => setState({ name: state.name, page: p })}
              />
            </>
          )
        }}
      </ListState>
      {editing ? (
        <SupplierDialog
          supplier={editing.supplier}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            reload()
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
