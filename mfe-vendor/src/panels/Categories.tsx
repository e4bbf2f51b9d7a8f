import {
  Button,
  FilterBar,
  Input,
  ListState,
  Modal,
  pageCountOf,
  pageSlice,
  TextField,
  useLoad,
} from '@medstore/ui'
import { DataTable } from '@medstore/ui/later'
import { ApiError, toast } from '@medstore/web-client'
import { useState } from 'react'
import { type Category, vendorApi } from '../api.ts'
import {
  CATEGORIES_PAGE_SIZE,
  categoryNameError,
  deleteRefusal,
  searchCategories,
} from '../domain/categories.ts'
import { useUrlState } from '../url-state.ts'
import { ConfirmDialog, ErrorText, Panel } from './common.tsx'

export function Categories() {
  const [state, setState] = useUrlState({ search: '' })
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Category | null>(null)
  const [deleteError, setDeleteError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [load, reload] = useLoad(() => vendorApi.categories(), 'categories')

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await vendorApi.deleteCategory(deleting._id)
      toast.success('Category deleted successfully.')
      setDeleting(null)
      reload()
    } catch (error) {
      // A category in use stays open with the reason: the pharmacist has to move its products first.
      setDeleteError(
        `Failed to delete category. ${error instanceof ApiError ? deleteRefusal(error.status, error.message) : ''}`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel title="Categories">
      <FilterBar aria-label="Search categories" onSubmit={(e) => e.preventDefault()}>
        <Input
          type="search"
          aria-label="Search Category"
          placeholder="Search Category"
          value={state.search}
          // Live search; it replaces the URL entry so typing does not fill the history.
          onChange={(e) => setState({ search: e.target.value, page: 1 }, { replace: true })}
        />
        <Button onClick={() => setAdding(true)}>Add Category</Button>
      </FilterBar>
      <ListState
        load={load}
        retry={reload}
        isEmpty={(all) => searchCategories(all, state.search).length === 0}
        empty={state.search ? 'No category matches this search.' : 'No categories yet.'}
        failure="Failed to get categories."
      >
        {(all) => {
          const found = searchCategories(all, state.search)
          const pageCount = pageCountOf(found.length, CATEGORIES_PAGE_SIZE)
          const page = Math.min(state.page, pageCount)
          return (
            <DataTable
              caption="Categories"
              hiddenCaption
              columns={[
                { header: 'Category', cell: (category: Category) => category.name },
                {
                  header: 'Action',
                  label: '',
                  headerStyle: { width: 120 },
                  cell: (category: Category) => (
                    <Button
                      variant="ghost"
                      aria-label={`Delete ${category.name}`}
                      onClick={() => {
                        setDeleteError(undefined)
                        setDeleting(category)
                      }}
                    >
                      Delete
                    </Button>
                  ),
                },
              ]}
              rows={pageSlice(found, page, CATEGORIES_PAGE_SIZE)}
              rowKey={(category) => category._id}
              pager={{
                label: 'Categories pages',
                page,
                pageCount,
                onPageChange: (p) => setState({ search: state.search, page: p }),
              }}
            />
          )
        }}
      </ListState>
      {adding ? (
        <AddCategory
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false)
            reload()
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        text="You will not be able to recover this category!"
        busy={busy}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  )
}

export function AddCategory({ onClose, onAdded }: { onClose: () => void; onAdded: (c: Category) => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [saving, setSaving] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const problem = categoryNameError(name)
    setError(problem)
    if (problem) return
    setSaving(true)
    setFailure(undefined)
    try {
      const created = await vendorApi.createCategory(name.trim())
      toast.success('Category created successfully.')
      onAdded(created)
    } catch (caught) {
      setFailure(`Failed to create category. ${caught instanceof Error ? caught.message : ''}`)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title="Add Category"
      onClose={onClose}
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="category-form" disabled={saving}>
            Add Category
          </Button>
        </>
      }
    >
      <form id="category-form" noValidate onSubmit={submit}>
        {error ? (
          <ErrorText role="alert" style={{ marginTop: 0, marginBottom: 12 }}>
            <strong>Error</strong> · {error}
          </ErrorText>
        ) : null}
        <TextField
          label="Category name"
          value={name}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
      </form>
    </Modal>
  )
}
