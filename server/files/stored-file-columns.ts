/** What every upload's row holds of its stored object and who sent it. */
export interface StoredFile {
  tenantId: number;
  userId: number;
  bucket: string;
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** The columns every row of a stored file has, order file or saved tool job's alike. */
export function storedFileColumns(file: StoredFile) {
  return {
    tenant_id: file.tenantId,
    bucket: file.bucket,
    storage_key: file.key,
    name: file.name,
    content_type: file.contentType,
    size: file.size,
    uploaded_by: file.userId,
  };
}
