import { Button, Price, theme } from '@medstore/ui'
import type { Column } from '@medstore/ui/later'
import { ApiError, apiImage, links, toast } from '@medstore/web-client'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { type Product, vendorApi } from '../api.ts'
import { isLowStock, PRODUCTS_PAGE_SIZE } from '../domain/products.ts'
import { useSearchedPages } from '../use-searched-pages.ts'
import { ConfirmDialog, Panel, RowActions } from './common.tsx'
import { ProductDialog } from './ProductDialog.tsx'
import { SearchedTable } from './SearchedTable.tsx'

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
  const list = useSearchedPages(
    'name',
    (name, page, limit) => vendorApi.products(name.trim(), page, limit),
    PRODUCTS_PAGE_SIZE,
    'Products pages',
  )
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Product | null>(null)
  const [deleteError, setDeleteError] = useState<string>()

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await vendorApi.deleteProduct(deleting._id)
      toast.success('Product deleted successfully.')
      setDeleting(null)
      list.reload()
    } catch (error) {
      setDeleteError(error instanceof ApiError ? error.message : 'Failed to delete product.')
    }
  }

  const columns: Column<Product>[] = [
    {
      header: 'Product Info',
      label: '',
      cell: (product) => (
        <ProductInfo to={links.product(product._id)}>
          <img src={apiImage(product.thumbnail || product.image)} alt="" loading="lazy" />
          <span>{product.name}</span>
        </ProductInfo>
      ),
    },
    { header: 'Category', cell: (product) => product.category },
    { header: 'Price', cell: (product) => <Price amount={product.price} />, nowrap: true },
    {
      header: 'Stock',
      cell: (product) => (
        <Stock $low={isLowStock(product.stock)}>
          {product.stock}
          {isLowStock(product.stock) ? ' · low' : ''}
        </Stock>
      ),
    },
    {
      header: 'Schedule',
      cell: (product) =>
        product.requiresPrescription ? (
          <Rx title="Prescription required">Rx {product.schedule}</Rx>
        ) : product.schedule === 'X' ? (
          <Rx title="Schedule X: not sold online">X</Rx>
        ) : (
          'OTC'
        ),
    },
    {
      header: 'Action',
      label: '',
      cell: (product) => (
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
      ),
    },
  ]

  return (
    <Panel title="All Products">
      {/* Unlike the spec's screen, a new filter starts again at page 1. */}
      <SearchedTable
        list={list}
        filter={{ name: 'Filter products', label: 'Product Name', type: 'text' }}
        actions={<Button onClick={() => setEditing({ mode: 'create' })}>Add a new Product</Button>}
        failure="Failed to fetch products."
        empty="No products found."
        caption="Products"
        columns={columns}
      />

      {editing ? (
        <ProductDialog
          product={editing.mode === 'edit' ? editing.product : undefined}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            list.reload()
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
