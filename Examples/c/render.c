/*
 * Renders the @2x and @1x renditions of a @3x sticker through librendition's C interface,
 * then exercises the rest of the interface and every error path, checking results.
 *
 *   cc -g -o render render.c $(pkg-config --cflags --libs rendition) -lpthread
 *   ./render STICKER.png ANIMATION.png INPUT_FOLDER OUTPUT_FOLDER
 *
 * STICKER is a still @3x master, ANIMATION an animated PNG, INPUT_FOLDER a folder of
 * stickers for rdn_render_directory. Renditions are written to OUTPUT_FOLDER (created if
 * missing; its parent must exist). Prints one
 * line per check and exits 1 if any check failed. Every call's results are freed, so the
 * program runs clean under valgrind --leak-check=full.
 */
#define _POSIX_C_SOURCE 200809L
#include <rendition.h>

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int failures = 0;

#define CHECK(condition, ...)                                  \
    do {                                                       \
        if (condition) {                                       \
            printf("ok    ");                                  \
        } else {                                               \
            printf("FAIL  ");                                  \
            failures++;                                        \
        }                                                      \
        printf(__VA_ARGS__);                                   \
        printf("\n");                                          \
    } while (0)

/* Reads a whole file; the caller frees the result. */
static uint8_t *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc(size > 0 ? (size_t)size : 1);
    if (bytes && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    *length = (size_t)size;
    return bytes;
}

static int write_file(const char *path, const uint8_t *bytes, size_t length) {
    FILE *file = fopen(path, "wb");
    if (!file) return 0;
    size_t written = fwrite(bytes, 1, length, file);
    return fclose(file) == 0 && written == length;
}

/* round(side * scale / 3), at least 1: the rendition size rule. */
static uint32_t rendition_side(uint32_t side, uint32_t scale) {
    uint32_t value = (side * scale * 2 + 3) / 6;
    return value > 0 ? value : 1;
}

/* Calls that must fail with `expected`; checks the status, the error object and its message. */
static void expect_failure(rdn_status status, rdn_error *error, rdn_status expected, const char *what) {
    CHECK(status == expected, "%s -> %s (%s)", what, rdn_status_name(status), rdn_error_message(error));
    CHECK(error != NULL && rdn_error_status(error) == expected && strlen(rdn_error_message(error)) > 0,
          "  error object carries %s and a message", rdn_status_name(expected));
    rdn_error_free(error);
}

/* ---- The main flow: decode, render @2x + @1x, write, check sizes. ---------------------- */

static void render_sticker(const uint8_t *bytes, size_t length, const char *output_folder) {
    rdn_error *error = NULL;
    rdn_image *master = NULL;
    rdn_status status = rdn_image_decode(bytes, length, NULL, &master, &error);
    CHECK(status == RDN_OK && error == NULL, "decode sticker: %s", rdn_status_name(status));
    if (status != RDN_OK) {
        fprintf(stderr, "%s\n", rdn_error_message(error));
        rdn_error_free(error);
        return;
    }
    rdn_image_info info;
    status = rdn_image_get_info(master, &info, &error);
    CHECK(status == RDN_OK && info.frame_count == 1 && info.source_format == RDN_FORMAT_PNG,
          "sticker is a %ux%u still PNG", info.width, info.height);

    rdn_rendition *renditions = NULL;
    size_t count = 0;
    status = rdn_render(master, NULL, &renditions, &count, &error);
    CHECK(status == RDN_OK && count == 2, "render: %zu renditions", count);
    for (size_t i = 0; i < count; i++) {
        const rdn_rendition *r = &renditions[i];
        uint32_t scale = i == 0 ? 2 : 1;
        CHECK(r->scale == scale && r->width == rendition_side(info.width, scale) &&
                  r->height == rendition_side(info.height, scale) && r->format == RDN_FORMAT_PNG && r->length > 0,
              "@%ux is %ux%u PNG, %zu bytes", r->scale, r->width, r->height, r->length);
        char path[4096];
        snprintf(path, sizeof path, "%s/sticker@%ux.png", output_folder, r->scale);
        CHECK(write_file(path, r->bytes, r->length), "wrote %s", path);

        /* The written file decodes to the announced size. */
        rdn_image *check = NULL;
        rdn_image_info check_info;
        status = rdn_image_decode(r->bytes, r->length, NULL, &check, NULL);
        CHECK(status == RDN_OK && rdn_image_get_info(check, &check_info, NULL) == RDN_OK &&
                  check_info.width == r->width && check_info.height == r->height,
              "@%ux decodes back to %ux%u", r->scale, check_info.width, check_info.height);
        rdn_image_free(check);
    }
    rdn_renditions_free(renditions, count);

    /* Every scale, highest compression, WebP. */
    rdn_render_options options;
    rdn_render_options_init(&options);
    options.scales = RDN_SCALE_3X | RDN_SCALE_2X | RDN_SCALE_1X;
    options.format = RDN_FORMAT_WEBP;
    options.compression = 12;
    options.profile = "apple-messages";
    options.threads = 2;
    status = rdn_render(master, &options, &renditions, &count, &error);
    CHECK(status == RDN_OK && count == 3 && renditions[0].scale == 3 && renditions[0].width == info.width &&
              renditions[2].scale == 1 && renditions[1].format == RDN_FORMAT_WEBP &&
              memcmp(renditions[1].bytes, "RIFF", 4) == 0,
          "render @3x @2x @1x as WebP: %zu renditions", count);
    rdn_renditions_free(renditions, count);

    /* Any target size: resize, then encode. */
    rdn_image *small = NULL;
    status = rdn_image_resize(master, 100, 60, NULL, &small, &error);
    rdn_image_info small_info;
    CHECK(status == RDN_OK && rdn_image_get_info(small, &small_info, NULL) == RDN_OK && small_info.width == 100 &&
              small_info.height == 60 && small_info.source_format == RDN_FORMAT_PNG,
          "resize to 100x60");
    uint8_t *encoded = NULL;
    size_t encoded_length = 0;
    status = rdn_image_encode(small, NULL, &encoded, &encoded_length, &error);
    CHECK(status == RDN_OK && encoded_length > 8 && memcmp(encoded, "\x89PNG", 4) == 0,
          "encode the 100x60 image: %zu bytes of PNG", encoded_length);
    rdn_bytes_free(encoded);
    rdn_image_free(small);
    rdn_image_free(master);
}

/* ---- Pixels in and out. ------------------------------------------------------------------ */

static void check_pixels(void) {
    /* A 3x2 straight-alpha image with padding after each row. */
    enum { W = 3, H = 2, STRIDE = W * 4 + 4 };
    uint8_t straight[STRIDE * H];
    memset(straight, 0xEE, sizeof straight);
    const uint8_t pixels[H][W][4] = {
        {{255, 0, 0, 255}, {0, 255, 0, 128}, {0, 0, 255, 0}},
        {{10, 20, 30, 255}, {200, 100, 50, 51}, {255, 255, 255, 255}},
    };
    for (int y = 0; y < H; y++) memcpy(straight + y * STRIDE, pixels[y], W * 4);

    rdn_image *image = NULL;
    rdn_error *error = NULL;
    rdn_status status = rdn_image_create(W, H, straight, STRIDE, sizeof straight, RDN_ALPHA_STRAIGHT, &image, &error);
    rdn_image_info info;
    CHECK(status == RDN_OK && rdn_image_get_info(image, &info, NULL) == RDN_OK && info.width == W && info.height == H &&
              info.source_format == RDN_FORMAT_AUTO,
          "create a 3x2 image from straight pixels");

    uint8_t premultiplied[W * 4 * H];
    status = rdn_image_copy_pixels(image, 0, RDN_ALPHA_PREMULTIPLIED, premultiplied, W * 4, sizeof premultiplied, &error);
    /* 255 * 128 / 255 = 128; a transparent pixel is all zero; 200 * 51 / 255 = 40. */
    CHECK(status == RDN_OK && premultiplied[4 + 1] == 128 && premultiplied[4 + 3] == 128 && premultiplied[8 + 2] == 0 &&
              premultiplied[12 + 4 + 0] == 40 && premultiplied[12 + 4 + 1] == 20 && premultiplied[12 + 4 + 2] == 10,
          "premultiplied copy: (0,255,0,128) -> (0,128,0,128), (200,100,50,51) -> (40,20,10,51)");

    uint8_t back[STRIDE * H];
    memset(back, 0xEE, sizeof back);
    status = rdn_image_copy_pixels(image, 0, RDN_ALPHA_STRAIGHT, back, STRIDE, sizeof back, &error);
    int same = status == RDN_OK;
    for (int y = 0; y < H && same; y++) {
        for (int x = 0; x < W; x++) {
            const uint8_t *p = back + y * STRIDE + x * 4;
            if (pixels[y][x][3] == 0) {
                same &= p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0;
            } else {
                same &= memcmp(p, pixels[y][x], 4) == 0; /* exact at these alphas */
            }
        }
        same &= back[y * STRIDE + W * 4] == 0xEE; /* padding untouched */
    }
    CHECK(same, "straight copy with a padded stride gives the original pixels back, padding untouched");

    /* Premultiplied input is copied as is; an invalid premultiplied pixel is refused. */
    rdn_image *again = NULL;
    status = rdn_image_create(W, H, premultiplied, W * 4, sizeof premultiplied, RDN_ALPHA_PREMULTIPLIED, &again, &error);
    uint8_t copy[W * 4 * H];
    CHECK(status == RDN_OK &&
              rdn_image_copy_pixels(again, 0, RDN_ALPHA_PREMULTIPLIED, copy, W * 4, sizeof copy, NULL) == RDN_OK &&
              memcmp(copy, premultiplied, sizeof copy) == 0,
          "create from premultiplied pixels keeps them exactly");
    rdn_image_free(again);

    /* Encode as PNG and decode: same pixels. */
    uint8_t *png = NULL;
    size_t png_length = 0;
    status = rdn_image_encode(image, NULL, &png, &png_length, &error);
    rdn_image *decoded = NULL;
    CHECK(status == RDN_OK && rdn_image_decode(png, png_length, NULL, &decoded, NULL) == RDN_OK &&
              rdn_image_copy_pixels(decoded, 0, RDN_ALPHA_PREMULTIPLIED, copy, W * 4, sizeof copy, NULL) == RDN_OK &&
              memcmp(copy, premultiplied, sizeof copy) == 0,
          "PNG round trip keeps the pixels (%zu bytes)", png_length);
    rdn_image_free(decoded);
    rdn_bytes_free(png);
    rdn_image_free(image);
}

/* ---- Animations: frames, delays, loop count, re-encoding. -------------------------------- */

static void check_animation(const uint8_t *bytes, size_t length) {
    rdn_image *animation = NULL;
    rdn_error *error = NULL;
    rdn_status status = rdn_image_decode(bytes, length, NULL, &animation, &error);
    rdn_image_info info;
    CHECK(status == RDN_OK && rdn_image_get_info(animation, &info, NULL) == RDN_OK && info.frame_count > 1 &&
              info.source_format == RDN_FORMAT_APNG,
          "animation: %ux%u, %u frames, loop count %u", info.width, info.height, info.frame_count, info.loop_count);
    uint64_t total_numerator = 0, total_denominator = 1;
    for (uint32_t frame = 0; frame < info.frame_count; frame++) {
        uint64_t numerator = 0, denominator = 0;
        status = rdn_image_get_frame_delay(animation, frame, &numerator, &denominator, &error);
        CHECK(status == RDN_OK && denominator > 0, "  frame %u: %llu/%llu s", frame, (unsigned long long)numerator,
              (unsigned long long)denominator);
        total_numerator = total_numerator * denominator + numerator * total_denominator;
        total_denominator *= denominator;
    }

    /* Renditions as GIF and as APNG (auto) keep every frame and the loop count. */
    rdn_render_options options;
    rdn_render_options_init(&options);
    for (int pass = 0; pass < 2; pass++) {
        options.format = pass == 0 ? RDN_FORMAT_AUTO : RDN_FORMAT_GIF;
        rdn_rendition *renditions = NULL;
        size_t count = 0;
        status = rdn_render(animation, &options, &renditions, &count, &error);
        CHECK(status == RDN_OK && count == 2 && renditions[0].format == (pass == 0 ? RDN_FORMAT_APNG : RDN_FORMAT_GIF),
              "render the animation as %s", pass == 0 ? "APNG" : "GIF");
        for (size_t i = 0; i < count; i++) {
            rdn_image *back = NULL;
            rdn_image_info back_info;
            status = rdn_image_decode(renditions[i].bytes, renditions[i].length, NULL, &back, &error);
            CHECK(status == RDN_OK && rdn_image_get_info(back, &back_info, NULL) == RDN_OK &&
                      back_info.width == renditions[i].width && back_info.frame_count == info.frame_count &&
                      back_info.loop_count == info.loop_count,
                  "  @%ux: %ux%u, %u frames, loop count %u", renditions[i].scale, back_info.width, back_info.height,
                  back_info.frame_count, back_info.loop_count);
            rdn_image_free(back);
        }
        rdn_renditions_free(renditions, count);
    }

    /* A later frame's pixels. */
    uint8_t *frame = malloc((size_t)info.width * info.height * 4);
    status = rdn_image_copy_pixels(animation, info.frame_count - 1, RDN_ALPHA_STRAIGHT, frame, (size_t)info.width * 4,
                                   (size_t)info.width * info.height * 4, &error);
    CHECK(status == RDN_OK, "copy the last frame's pixels");
    free(frame);
    rdn_image_free(animation);
}

/* ---- One handle shared by two threads. ----------------------------------------------------- */

struct render_job {
    const rdn_image *image;
    rdn_rendition *renditions;
    size_t count;
    rdn_status status;
};

static void *render_thread(void *argument) {
    struct render_job *job = argument;
    job->status = rdn_render(job->image, NULL, &job->renditions, &job->count, NULL);
    return NULL;
}

static void check_threads(const uint8_t *bytes, size_t length) {
    rdn_image *image = NULL;
    rdn_image_decode(bytes, length, NULL, &image, NULL);
    struct render_job jobs[2] = {{image, NULL, 0, RDN_ERROR_INTERNAL}, {image, NULL, 0, RDN_ERROR_INTERNAL}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, render_thread, &jobs[i]);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    CHECK(jobs[0].status == RDN_OK && jobs[1].status == RDN_OK && jobs[0].count == 2 && jobs[1].count == 2 &&
              jobs[0].renditions[1].length == jobs[1].renditions[1].length &&
              memcmp(jobs[0].renditions[1].bytes, jobs[1].renditions[1].bytes, jobs[0].renditions[1].length) == 0,
          "two threads rendering one shared handle get the same bytes");
    for (int i = 0; i < 2; i++) rdn_renditions_free(jobs[i].renditions, jobs[i].count);
    rdn_image_free(image);
}

/* ---- Folders, lint, pack. ---------------------------------------------------------------- */

/* Counts rdn_render_files' per-sticker calls. */
struct progress {
    size_t calls;
    size_t last_total;
};

static void count_sticker(void *context, size_t done, size_t total, const char *sticker_json) {
    struct progress *progress = context;
    progress->calls++;
    if (done == progress->calls && strstr(sticker_json, "\"name\"") != NULL) progress->last_total = total;
}

static void check_folders(const uint8_t *sticker, size_t sticker_length, const char *input_folder,
                          const char *output_folder) {
    char batch[4096];
    snprintf(batch, sizeof batch, "%s/batch", output_folder);
    rdn_render_options options;
    rdn_render_options_init(&options);
    options.threads = 2;
    char *report = NULL;
    rdn_error *error = NULL;
    rdn_status status = rdn_render_directory(input_folder, batch, &options, &report, &error);
    CHECK(status == RDN_OK && report != NULL && strstr(report, "\"failed\":0") != NULL &&
              strstr(report, "\"status\":\"ok\"") != NULL,
          "render_directory: %.120s...", report ? report : rdn_error_message(error));
    rdn_string_free(report);
    rdn_error_free(error);
    /* Again: everything is up to date. */
    status = rdn_render_directory(input_folder, batch, &options, &report, NULL);
    CHECK(status == RDN_OK && report != NULL && strstr(report, "\"rendered\":0") != NULL &&
              strstr(report, "\"up-to-date\"") != NULL,
          "render_directory again: nothing to render");
    rdn_string_free(report);

    /* The same folder as a list of inputs, shard 1 of 2 only, forced, with a callback. */
    char files[4096];
    snprintf(files, sizeof files, "%s/files", output_folder);
    struct progress progress = {0, 0};
    rdn_batch_options batch_options;
    rdn_batch_options_init(&batch_options);
    batch_options.force = 1;
    batch_options.shard_index = 0;
    batch_options.shard_count = 2;
    batch_options.on_sticker = count_sticker;
    batch_options.context = &progress;
    const char *inputs[] = {input_folder};
    status = rdn_render_files(inputs, 1, files, &options, &batch_options, &report, &error);
    CHECK(status == RDN_OK && report != NULL && strstr(report, "\"failed\":0") != NULL && progress.calls > 0 &&
              progress.calls == progress.last_total,
          "render_files, shard 1/2: %zu stickers reported one by one", progress.calls);
    rdn_string_free(report);
    rdn_error_free(error);
    batch_options.shard_index = 2;
    status = rdn_render_files(inputs, 1, files, &options, &batch_options, &report, &error);
    CHECK(status == RDN_ERROR_INVALID_ARGUMENT && report == NULL && rdn_error_status(error) == status,
          "render_files with shard 3 of 2 -> %s (%s)", rdn_status_name(status), rdn_error_message(error));
    rdn_error_free(error);

    /* The stickers of the input folder, as a batch would name them; then names only. */
    char *list = NULL;
    status = rdn_list_stickers(inputs, 1, RDN_LIST_SEARCH, &list, &error);
    CHECK(status == RDN_OK && list != NULL && strstr(list, "\"stickers\":[{") != NULL &&
              strstr(list, "\"same_name_as\":null") != NULL,
          "list_stickers: %.120s...", list ? list : rdn_error_message(error));
    rdn_string_free(list);
    const char *keys[] = {"s3://bucket/cat@3x.png", "other/cat.gif", "notes.txt"};
    status = rdn_list_stickers(keys, 3, 0, &list, &error);
    CHECK(status == RDN_OK && list != NULL && strstr(list, "\"name\":\"cat\"") != NULL &&
              strstr(list, "\"same_name_as\":\"s3://bucket/cat@3x.png\"") != NULL &&
              strstr(list, "\"image\":false") != NULL,
          "list_stickers of names: %.160s", list ? list : rdn_error_message(error));
    rdn_string_free(list);

    char *json = NULL;
    status = rdn_lint_bytes(sticker, sticker_length, "sticker.png", NULL, &json, &error);
    CHECK(status == RDN_OK && json != NULL && strstr(json, "\"rendition-lint/1\"") != NULL &&
              strstr(json, "\"sticker.png\"") != NULL && strstr(json, "\"findings\"") != NULL,
          "lint_bytes: %zu bytes of JSON", json ? strlen(json) : 0);
    rdn_string_free(json);
    const uint8_t garbage[] = "not an image";
    status = rdn_lint_bytes(garbage, sizeof garbage, NULL, "apple-messages", &json, &error);
    CHECK(status == RDN_OK && json != NULL && strstr(json, "\"unreadable\"") != NULL,
          "lint_bytes of garbage reports the finding \"unreadable\"");
    rdn_string_free(json);

    char pack[4096];
    snprintf(pack, sizeof pack, "%s/pack", output_folder);
    options.profile = "messages,discord"; /* Apple's pack and Discord's */
    status = rdn_render_pack(input_folder, pack, &options, &report, &error);
    CHECK(status == RDN_OK && report != NULL && strstr(report, "\"stickers\"") != NULL &&
              strstr(report, "\"failed\"") == NULL,
          "render_pack for Apple and Discord: %zu bytes of report", report ? strlen(report) : 0);
    rdn_string_free(report);
    rdn_error_free(error);
    char catalog[4096 + 64];
    snprintf(catalog, sizeof catalog, "%s/Stickers.xcstickers/Contents.json", pack);
    FILE *contents = fopen(catalog, "r");
    CHECK(contents != NULL, "the pack has %s", catalog);
    if (contents) fclose(contents);
}

/* ---- A file in one call: rdn_render_file and rdn_render_bytes, as `rendition render`. -- */

static int same_renditions(const rdn_rendition *a, size_t a_count, const rdn_rendition *b, size_t b_count) {
    if (a_count != b_count) return 0;
    for (size_t i = 0; i < a_count; i++)
        if (a[i].scale != b[i].scale || a[i].width != b[i].width || a[i].height != b[i].height ||
            a[i].format != b[i].format || a[i].length != b[i].length || memcmp(a[i].bytes, b[i].bytes, a[i].length) != 0)
            return 0;
    return 1;
}

static void check_file_rendering(const char *path, const uint8_t *bytes, size_t length, const char *input_folder) {
    rdn_error *error = NULL;
    rdn_image *master = NULL;
    rdn_rendition *decoded = NULL, *from_bytes = NULL, *from_file = NULL;
    size_t decoded_count = 0, bytes_count = 0, file_count = 0;
    if (rdn_image_decode(bytes, length, NULL, &master, NULL) == RDN_OK)
        rdn_render(master, NULL, &decoded, &decoded_count, NULL);
    rdn_image_free(master);

    rdn_status status = rdn_render_bytes(bytes, length, NULL, NULL, &from_bytes, &bytes_count, &error);
    CHECK(status == RDN_OK && error == NULL && bytes_count == 2, "render_bytes: %zu renditions", bytes_count);
    status = rdn_render_file(path, NULL, NULL, &from_file, &file_count, &error);
    CHECK(status == RDN_OK && error == NULL && file_count == 2, "render_file %s: %zu renditions", path, file_count);
    CHECK(same_renditions(from_bytes, bytes_count, decoded, decoded_count) &&
              same_renditions(from_file, file_count, decoded, decoded_count),
          "  the same renditions as rdn_image_decode + rdn_render");
    rdn_renditions_free(decoded, decoded_count);
    rdn_renditions_free(from_bytes, bytes_count);
    rdn_renditions_free(from_file, file_count);

    /* A path that is missing or a folder, a file over a limit, a truncated file. */
    char missing[4096];
    snprintf(missing, sizeof missing, "%s/no-such-sticker.png", input_folder);
    from_file = (rdn_rendition *)&file_count; /* must be reset to NULL */
    file_count = 99;
    status = rdn_render_file(missing, NULL, NULL, &from_file, &file_count, &error);
    expect_failure(status, error, RDN_ERROR_IO, "render_file of a missing path");
    CHECK(from_file == NULL && file_count == 0, "  out_renditions NULL and out_count 0 after a failure");
    status = rdn_render_file(input_folder, NULL, NULL, &from_file, &file_count, &error);
    expect_failure(status, error, RDN_ERROR_IO, "render_file of a folder");
    rdn_limits limits = {0};
    limits.max_input_bytes = length - 1;
    status = rdn_render_file(path, &limits, NULL, &from_file, &file_count, &error);
    expect_failure(status, error, RDN_ERROR_LIMIT_EXCEEDED, "render_file of a file over max_input_bytes");
    status = rdn_render_bytes(bytes, length < 40 ? length / 2 : 40, NULL, NULL, &from_bytes, &bytes_count, &error);
    expect_failure(status, error, RDN_ERROR_CORRUPT, "render_bytes of a truncated file");
}

/* ---- Every error code. -------------------------------------------------------------------- */

static void check_errors(const uint8_t *sticker, size_t length, const char *output_folder) {
    rdn_error *error = NULL;
    rdn_image *image = NULL;
    rdn_status status;

    /* Invalid arguments. */
    status = rdn_image_decode(sticker, length, NULL, NULL, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "decode without out_image");
    status = rdn_image_decode(NULL, 10, NULL, &image, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "decode NULL bytes");
    CHECK(image == NULL, "  out_image is NULL after a failure");

    rdn_image_decode(sticker, length, NULL, &image, NULL);
    rdn_render_options zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    rdn_rendition *renditions = (rdn_rendition *)&zeroed; /* must be reset to NULL */
    size_t count = 99;
    status = rdn_render(image, &zeroed, &renditions, &count, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "render with options not from rdn_render_options_init");
    CHECK(renditions == NULL && count == 0, "  out_renditions NULL and out_count 0 after a failure");

    rdn_render_options options;
    rdn_render_options_init(&options);
    options.profile = "no-such-platform";
    status = rdn_render(image, &options, &renditions, &count, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "render with an unknown profile");
    rdn_render_options_init(&options);
    options.filter = (rdn_filter)7;
    status = rdn_image_resize(image, 10, 10, &options, &(rdn_image *){NULL}, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "resize with an unknown filter");
    rdn_render_options_init(&options);
    options.compression = 13;
    uint8_t *bytes = NULL;
    size_t bytes_length = 0;
    status = rdn_image_encode(image, &options, &bytes, &bytes_length, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "encode at compression 13");

    uint8_t pixel[16];
    status = rdn_image_copy_pixels(image, 0, RDN_ALPHA_STRAIGHT, pixel, 4, sizeof pixel, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "copy pixels into a 16-byte buffer");
    uint64_t numerator, denominator;
    status = rdn_image_get_frame_delay(image, 1, &numerator, &denominator, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "delay of frame 1 of a still");
    status = rdn_image_get_info(NULL, &(rdn_image_info){0}, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "info of a NULL image");
    const uint8_t not_premultiplied[4] = {200, 0, 0, 100};
    status = rdn_image_create(1, 1, not_premultiplied, 4, 4, RDN_ALPHA_PREMULTIPLIED, &(rdn_image *){NULL}, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "create from a pixel whose red is above its alpha");

    const uint8_t one = 0;
    status = rdn_lint_bytes(&one, 1, NULL, "no-such-platform", &(char *){NULL}, &error);
    expect_failure(status, error, RDN_ERROR_INVALID_ARGUMENT, "lint against an unknown profile");

    /* Formats and data. */
    const uint8_t text[] = "hello, this is not an image";
    status = rdn_image_decode(text, sizeof text, NULL, &(rdn_image *){NULL}, &error);
    expect_failure(status, error, RDN_ERROR_UNRECOGNIZED_FORMAT, "decode text");
    status = rdn_image_decode(sticker, length / 2, NULL, &(rdn_image *){NULL}, &error);
    expect_failure(status, error, RDN_ERROR_CORRUPT, "decode half a PNG");
    rdn_render_options_init(&options);
    options.format = RDN_FORMAT_JPEG;
    status = rdn_image_encode(image, &options, &bytes, &bytes_length, &error);
    expect_failure(status, error, RDN_ERROR_UNSUPPORTED, "encode as JPEG");

    /* Limits and memory. */
    rdn_limits limits = {0};
    limits.max_width = 100;
    status = rdn_image_decode(sticker, length, &limits, &(rdn_image *){NULL}, &error);
    expect_failure(status, error, RDN_ERROR_LIMIT_EXCEEDED, "decode with max_width 100");
    rdn_render_options_init(&options);
    options.max_output_pixels = 1000;
    status = rdn_render(image, &options, &renditions, &count, &error);
    expect_failure(status, error, RDN_ERROR_LIMIT_EXCEEDED, "render with max_output_pixels 1000");
    options.max_output_pixels = UINT64_MAX;
    status = rdn_image_resize(image, 1u << 24, 1u << 22, &options, &(rdn_image *){NULL}, &error);
    expect_failure(status, error, RDN_ERROR_OUT_OF_MEMORY, "resize to 16777216x4194304 (256 TiB)");

    /* Output formats' own limits. */
    enum { WIDE = 16384 };
    uint8_t *row = calloc(WIDE, 4);
    rdn_image *wide = NULL;
    status = rdn_image_create(WIDE, 1, row, WIDE * 4, WIDE * 4, RDN_ALPHA_PREMULTIPLIED, &wide, NULL);
    free(row);
    rdn_render_options_init(&options);
    options.format = RDN_FORMAT_WEBP;
    status = rdn_image_encode(wide, &options, &bytes, &bytes_length, &error);
    expect_failure(status, error, RDN_ERROR_ENCODE, "encode a 16384 px wide image as WebP");
    CHECK(bytes == NULL && bytes_length == 0, "  out_bytes NULL and out_length 0 after a failure");
    rdn_image_free(wide);

    /* Files. */
    char missing[4096];
    snprintf(missing, sizeof missing, "%s/no-such-folder", output_folder);
    char *report = NULL;
    status = rdn_render_directory(missing, output_folder, NULL, &report, &error);
    expect_failure(status, error, RDN_ERROR_IO, "render a folder that does not exist");

    /* No error object requested: the status alone. */
    CHECK(rdn_image_decode(text, sizeof text, NULL, &(rdn_image *){NULL}, NULL) == RDN_ERROR_UNRECOGNIZED_FORMAT,
          "failure without an error object");
    CHECK(strcmp(rdn_status_name(RDN_ERROR_INTERNAL), "RDN_ERROR_INTERNAL") == 0 &&
              strcmp(rdn_status_name((rdn_status)99), "RDN_STATUS_UNKNOWN") == 0 &&
              rdn_error_status(NULL) == RDN_OK && strcmp(rdn_error_message(NULL), "") == 0,
          "status names; NULL error objects");

    /* Free functions accept NULL. */
    rdn_image_free(NULL);
    rdn_error_free(NULL);
    rdn_renditions_free(NULL, 0);
    rdn_bytes_free(NULL);
    rdn_string_free(NULL);
    rdn_render_options_init(NULL);
    rdn_image_free(image);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s STICKER.png ANIMATION.png INPUT_FOLDER OUTPUT_FOLDER\n", argv[0]);
        return 2;
    }
    CHECK(rdn_version() == RDN_VERSION_NUMBER && strcmp(rdn_version_string(), RDN_VERSION_STRING) == 0,
          "librendition %s (header %s)", rdn_version_string(), RDN_VERSION_STRING);

    size_t sticker_length = 0, animation_length = 0;
    uint8_t *sticker = read_file(argv[1], &sticker_length);
    uint8_t *animation = read_file(argv[2], &animation_length);
    if (!sticker || !animation) {
        fprintf(stderr, "cannot read %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    if (mkdir(argv[4], 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "cannot create %s: %s\n", argv[4], strerror(errno));
        return 2;
    }
    render_sticker(sticker, sticker_length, argv[4]);
    check_pixels();
    check_animation(animation, animation_length);
    check_threads(sticker, sticker_length);
    check_file_rendering(argv[1], sticker, sticker_length, argv[3]);
    check_folders(sticker, sticker_length, argv[3], argv[4]);
    check_errors(sticker, sticker_length, argv[4]);
    free(sticker);
    free(animation);

    printf("%s\n", failures == 0 ? "all checks passed" : "some checks FAILED");
    return failures == 0 ? 0 : 1;
}
