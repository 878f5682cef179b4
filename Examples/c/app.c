/* The README's C example as a program: ./app [STICKER] (default cat@3x.png) prints the sizes
 * of the sticker's @2x and @1x renditions.
 *
 *     cc -o app Examples/c/app.c $(pkg-config --cflags --libs rendition) && ./app Examples/cat@3x.png
 *
 * The body of render_sticker is the README's example, word for word (Scripts/check-docs checks it).
 */
#include <rendition.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints the renditions of a @3x sticker held in memory; 0 on success, 1 on failure. */
static int render_sticker(const uint8_t *bytes, size_t length) {
    rdn_image *master = NULL;
    rdn_rendition *out = NULL;
    size_t count = 0;
    rdn_error *error = NULL;
    if (rdn_image_decode(bytes, length, NULL, &master, &error) == RDN_OK &&
        rdn_render(master, NULL, &out, &count, &error) == RDN_OK) {
        for (size_t i = 0; i < count; i++)   /* @2x 412x412, then @1x 206x206 for a 618 px master */
            printf("@%ux %ux%u: %zu bytes\n", out[i].scale, out[i].width, out[i].height, out[i].length);
    } else {
        fprintf(stderr, "%s: %s\n", rdn_status_name(rdn_error_status(error)), rdn_error_message(error));
        rdn_error_free(error);
    }
    rdn_renditions_free(out, count);
    rdn_image_free(master);
    return count == 0;   /* on failure every out-parameter is NULL or 0 */
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "cat@3x.png";
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        perror(path);
        return 1;
    }
    size_t length = 0, capacity = 1 << 16;
    uint8_t *bytes = malloc(capacity);
    size_t got;
    while (bytes != NULL && (got = fread(bytes + length, 1, capacity - length, file)) > 0) {
        length += got;
        if (length == capacity) {
            uint8_t *grown = realloc(bytes, capacity *= 2);
            if (grown == NULL) free(bytes);
            bytes = grown;
        }
    }
    int failed = ferror(file);
    fclose(file);
    if (bytes == NULL || failed) {
        fprintf(stderr, "%s: could not read the file\n", path);
        free(bytes);
        return 1;
    }
    int status = render_sticker(bytes, length);
    free(bytes);
    return status;
}
