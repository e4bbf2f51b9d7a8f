export { OutOfStock, type Shortage } from './out-of-stock'
export { type ProductReplica, type ProductReplicaOptions, productReplica } from './product-replica'
